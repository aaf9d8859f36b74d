import { CalendarOutlined } from "@ant-design/icons";
import { addDays, type EmployeeDTO, TIME_OFF_KIND_LABELS, type TimeOffDTO } from "@sched/shared-types";
import { Button } from "antd";
import { useShowFailure } from "../../lib/FailureNotice";
import { isSickOn, whenText } from "./timeOffModel";
import { useDecideTimeOff, useTimeOff } from "./useTimeOff";
import "./time-off.css";

/** How far back and ahead the office's list of requests looks. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 365;

/**
 * The office's time off requests on the board (docs/time-off.md): each pending request
 * with Approve and Decline, and for a sick day of today "Re-plan the day", which opens
 * Mark out… for that person. The bell's entry for a new request leads here; live.
 */
export function TimeOffRequests(props: {
  companyId: string;
  today: string;
  employees: readonly EmployeeDTO[];
  onReplan: (employee: EmployeeDTO, date: string) => void;
}) {
  const { companyId, today, employees, onReplan } = props;
  const { list } = useTimeOff(companyId, addDays(today, -PAST_DAYS), addDays(today, AHEAD_DAYS));
  const decide = useDecideTimeOff(companyId);
  const showFailure = useShowFailure();
  const pending = list
    .filter((off) => off.status === "pending")
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  if (pending.length === 0) return null;

  const answer = (off: TimeOffDTO, status: "approved" | "declined") =>
    decide.mutate(
      { off, status },
      {
        onError: (error) =>
          showFailure(`Could not ${status === "approved" ? "approve" : "decline"} it`, error),
      },
    );

  return (
    <section
      className="time-off-requests"
      aria-labelledby="time-off-requests-title"
      data-testid="time-off-requests"
    >
      <h2 id="time-off-requests-title" className="time-off-requests__title">
        <CalendarOutlined aria-hidden /> Time off requests ({pending.length})
      </h2>
      <ul className="time-off-requests__list">
        {pending.map((off) => {
          const employee = employees.find((candidate) => candidate.id === off.employeeId);
          const name = employee?.name ?? "Someone";
          const when = whenText(off);
          return (
            <li key={off.id} className="time-off-requests__item" data-testid="time-off-request">
              <span className="time-off-requests__who">{name}</span>
              <span>
                {off.kind ? `${TIME_OFF_KIND_LABELS[off.kind]} · ` : ""}
                {when}
              </span>
              {off.note ? <span className="time-off-requests__note">“{off.note}”</span> : null}
              <span className="time-off-requests__actions">
                {employee && isSickOn(off, today) ? (
                  <Button size="small" type="primary" danger onClick={() => onReplan(employee, today)}>
                    Re-plan the day
                  </Button>
                ) : null}
                <Button
                  size="small"
                  type="primary"
                  aria-label={`Approve ${name}'s time off ${when}`}
                  onClick={() => answer(off, "approved")}
                >
                  Approve
                </Button>
                <Button
                  size="small"
                  aria-label={`Decline ${name}'s time off ${when}`}
                  onClick={() => answer(off, "declined")}
                >
                  Decline
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
