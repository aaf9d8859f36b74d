/**
 * The board's Requests (docs/booking-office.md): a button on the toolbar with the number of
 * online bookings waiting for approval, live, that opens their list (a drawer on a
 * desktop, the whole screen on a phone). Approving books the job onto the board; its
 * warnings are said as the job dialog says them.
 */
import { InboxOutlined } from "@ant-design/icons";
import type { EmployeeDTO } from "@sched/shared-types";
import { Button } from "antd";
import { lazy, Suspense, useState } from "react";
import { useCan } from "../../../entities/company/useCompanies";
import { useBookingRequests } from "./useBookingRequests";
import "./booking-requests.css";

// The list and its forms load when it opens: the board's first download stays small.
const BookingRequestsDrawer = lazy(() => import("./BookingRequestsDrawer"));

type Props = { companyId: string; employees: readonly EmployeeDTO[] };

export function BookingRequests({ companyId, employees }: Props) {
  const canRead = useCan("readBooking");
  const requests = useBookingRequests(canRead ? companyId : null);
  const [isOpen, setIsOpen] = useState(false);
  // Kept once opened, so closing it plays out and gives the focus back to the button.
  const [hasOpened, setHasOpened] = useState(false);
  const count = requests.data?.length ?? 0;
  // Nothing waiting and the list closed: no button (a company without online booking never sees it).
  if (!canRead || (count === 0 && !isOpen)) return null;
  return (
    <>
      <Button
        className={count > 0 ? "booking-requests__button has-requests" : "booking-requests__button"}
        icon={<InboxOutlined aria-hidden />}
        onClick={() => {
          setIsOpen(true);
          setHasOpened(true);
        }}
        aria-haspopup="dialog"
        data-testid="booking-requests-button"
      >
        Requests ({count})
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <BookingRequestsDrawer
            open={isOpen}
            companyId={companyId}
            employees={employees}
            requests={requests}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
