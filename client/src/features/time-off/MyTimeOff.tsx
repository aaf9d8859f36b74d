import { CalendarOutlined, MedicineBoxOutlined } from "@ant-design/icons";
import { addDays, TIME_OFF_KIND_LABELS, type TimeOffDTO } from "@sched/shared-types";
import { Button, Tag } from "antd";
import { lazy, Suspense, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { useSettingsQuery } from "../../entities/company/workingDays";
import { availabilityText } from "../../entities/employee/availabilityText";
import { useEmployees } from "../../entities/employee/useEmployees";
import { useFeedback } from "../../ui/feedback";
import { timeOffHours, whenText } from "./timeOffModel";
import { useRemoveTimeOff, useRequestTimeOff, useTimeOff } from "./useTimeOff";
import "./time-off.css";

// The form loads when someone first asks for time off: My Day's first paint does not wait for it.
const TimeOffRequestDialog = lazy(() =>
  import("./TimeOffRequestDialog").then((module) => ({ default: module.TimeOffRequestDialog })),
);

/** How far back and ahead My Day lists one's own requests. */
const LIST_PAST_DAYS = 30;
const LIST_AHEAD_DAYS = 365;

const STATUS_TAGS = {
  pending: { color: "gold", text: "Pending" },
  approved: { color: "green", text: "Approved" },
  declined: { color: "red", text: "Declined" },
} as const;

/** One's own requests, newest dates first, for My Day; live like the boards. */
export function useMyTimeOff(companyId: string, employeeId: string, today: string) {
  return useTimeOff(companyId, addDays(today, -LIST_PAST_DAYS), addDays(today, LIST_AHEAD_DAYS), employeeId);
}

/** Approved time off of mine on `day`, if any: My Day says "You're off". */
export function offOn(list: readonly TimeOffDTO[], employeeId: string, day: string): TimeOffDTO | undefined {
  return list.find(
    (off) =>
      off.employeeId === employeeId &&
      off.status === "approved" &&
      off.startDate <= day &&
      day <= off.endDate,
  );
}

/** "You're off" on a day of approved time off (whole or part of the day). */
export function YoureOff({ off }: { off: TimeOffDTO }) {
  const hours = timeOffHours(off);
  const kind = off.kind ? ` (${TIME_OFF_KIND_LABELS[off.kind]})` : "";
  return (
    <div className="youre-off" data-testid="youre-off" role="status">
      <CalendarOutlined aria-hidden /> You're off{hours ? ` ${hours}` : " this day"}
      {kind}
    </div>
  );
}

/**
 * My Day's time off (docs/time-off.md): one's working hours, "I'm sick today", asking for
 * time off, and the state of each request (a pending one can be withdrawn).
 */
export function MyTimeOff(props: {
  companyId: string;
  employeeId: string;
  today: string;
  list: TimeOffDTO[];
}) {
  const { companyId, employeeId, today, list } = props;
  const [isAsking, setIsAsking] = useState(false);
  // Once opened the dialog stays mounted, so it closes with its animation.
  const [hasAsked, setHasAsked] = useState(false);
  if (isAsking && !hasAsked) setHasAsked(true);
  const me = useEmployees(companyId).data?.find((employee) => employee.id === employeeId);
  // An empty pattern means the company's week: named as days and hours once the settings are here.
  const company = useSettingsQuery(companyId).data;
  const request = useRequestTimeOff(companyId);
  const withdraw = useRemoveTimeOff();
  const showFailure = useShowFailure();
  const { message, modal } = useFeedback();
  const mine = list
    .filter((off) => off.employeeId === employeeId)
    .sort((a, b) => b.startDate.localeCompare(a.startDate));
  const isSickToday = mine.some(
    (off) =>
      off.kind === "sick" && off.status !== "declined" && off.startDate <= today && today <= off.endDate,
  );

  const reportSick = () =>
    request.mutate(
      { startDate: today, endDate: today, kind: "sick", note: null },
      {
        onSuccess: () => void message.success("The office knows you're sick today"),
        onError: (error) => showFailure("Could not tell the office", error),
      },
    );

  return (
    <section className="my-time-off" aria-labelledby="my-time-off-title" data-testid="my-time-off">
      <h2 id="my-time-off-title" className="my-time-off__title">
        Time off
      </h2>
      {me ? (
        <p className="my-time-off__hours" data-testid="my-availability">
          Your working hours: {availabilityText(me.availability, company)}
        </p>
      ) : null}
      <div className="my-time-off__actions">
        <Button icon={<CalendarOutlined aria-hidden />} onClick={() => setIsAsking(true)}>
          Ask for time off
        </Button>
        <Button
          danger
          icon={<MedicineBoxOutlined aria-hidden />}
          disabled={isSickToday}
          loading={request.isPending}
          onClick={() =>
            modal.confirm({
              title: "Tell the office you're sick today?",
              okText: "I'm sick",
              cancelText: "Cancel",
              onOk: reportSick,
            })
          }
        >
          {isSickToday ? "Sick today: the office knows" : "I'm sick today"}
        </Button>
      </div>
      {mine.length ? (
        <ul className="my-time-off__list">
          {mine.map((off) => (
            <li
              key={off.id}
              className="my-time-off__item"
              data-testid="my-time-off-item"
              data-status={off.status}
            >
              <span className="my-time-off__when">{whenText(off)}</span>
              <span className="my-time-off__kind">{off.kind ? TIME_OFF_KIND_LABELS[off.kind] : ""}</span>
              <Tag color={STATUS_TAGS[off.status].color}>{STATUS_TAGS[off.status].text}</Tag>
              {off.status === "pending" ? (
                <Button
                  size="small"
                  type="link"
                  aria-label={`Withdraw time off ${whenText(off)}`}
                  onClick={() =>
                    withdraw.mutate(off, { onError: (error) => showFailure("Could not withdraw it", error) })
                  }
                >
                  Withdraw
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="my-time-off__none">No time off asked for</p>
      )}
      {hasAsked || isAsking ? (
        <Suspense fallback={null}>
          <TimeOffRequestDialog
            companyId={companyId}
            open={isAsking}
            firstDay={addDays(today, 1)}
            onClose={() => setIsAsking(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
