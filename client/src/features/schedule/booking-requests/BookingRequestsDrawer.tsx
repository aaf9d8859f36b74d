/**
 * The list of online bookings waiting for approval (docs/booking-office.md), in a drawer on a
 * desktop and the whole screen on a phone: approve onto a technician's day (its warnings
 * said as the job dialog says them) or decline with an optional message.
 */
import type { BookingRequestDTO, EmployeeDTO } from "@sched/shared-types";
import { Alert, Button, Drawer, Empty, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useShowFailure } from "../../../components/FailureNotice";
import { conflictCount } from "../../../entities/job/conflictMarks";
import { errorMessage } from "../../../lib/errorText";
import { useIsSmallScreen } from "../../../lib/screen";
import { useFeedback } from "../../../ui/feedback";
import type { ApproveValues } from "./ApproveRequestForm";
import { BookingRequestItem } from "./BookingRequestItem";
import { useAnswerBookingRequest, type useBookingRequests } from "./useBookingRequests";
import "./booking-requests.css";

type Props = {
  open: boolean;
  companyId: string;
  employees: readonly EmployeeDTO[];
  requests: ReturnType<typeof useBookingRequests>;
  onClose: () => void;
};

export default function BookingRequestsDrawer({ open, companyId, employees, requests, onClose }: Props) {
  const isSmallScreen = useIsSmallScreen();
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const answer = useAnswerBookingRequest(companyId);
  const active = employees.filter((employee) => employee.isActive);

  const approve = (request: BookingRequestDTO, body: ApproveValues) =>
    answer.mutate(
      { kind: "approve", request, body },
      {
        onSuccess: ({ job }) => {
          const warnings = job?.warnings ?? [];
          if (warnings.length === 0) {
            notification.success({
              title: "Booking approved",
              description: `${request.name} is on the board.`,
            });
            return;
          }
          notification.warning({
            title: `Booking approved, with ${conflictCount(warnings.length)}`,
            description: (
              <ul className="job-form__warning-list" data-testid="booking-approve-warnings">
                {warnings.map((warning) => (
                  <li key={`${warning.code}-${warning.jobId ?? ""}`}>{warning.message}</li>
                ))}
              </ul>
            ),
          });
        },
        onError: (error) => showFailure("Could not approve the booking", error),
      },
    );

  const decline = (request: BookingRequestDTO, message: string | null) =>
    answer.mutate(
      { kind: "decline", request, body: { message } },
      {
        onSuccess: () =>
          notification.success({ title: "Booking declined", description: `${request.name} is told.` }),
        onError: (error) => showFailure("Could not decline the booking", error),
      },
    );

  let body: ReactNode;
  if (requests.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (requests.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="Could not load the requests"
        description={errorMessage(requests.error, "Please try again.")}
        action={<Button onClick={() => void requests.refetch()}>Retry</Button>}
      />
    );
  } else if (requests.data.length === 0) {
    body = <Empty description="No bookings waiting for approval." data-testid="booking-requests-empty" />;
  } else {
    body = (
      <ul className="booking-requests__list" data-testid="booking-requests-list">
        {requests.data.map((request) => (
          <BookingRequestItem
            key={request.id}
            request={request}
            employees={active}
            isSaving={answer.isPending && answer.variables?.request.id === request.id}
            onApprove={approve}
            onDecline={decline}
          />
        ))}
      </ul>
    );
  }

  return (
    <Drawer
      open={open}
      title="Booking requests"
      placement="right"
      size={isSmallScreen ? "100%" : 460}
      onClose={onClose}
      data-testid="booking-requests"
    >
      {body}
    </Drawer>
  );
}
