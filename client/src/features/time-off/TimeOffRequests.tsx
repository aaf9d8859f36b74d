import { CalendarOutlined } from "@ant-design/icons";
import {
  addDays,
  type EmployeeDTO,
  type JobDTO,
  TIME_OFF_KIND_LABELS,
  type TimeOffDTO,
} from "@sched/shared-types";
import { Button } from "antd";
import { useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { ApproveTimeOffDialog } from "./ApproveTimeOffDialog";
import { isSickOn, whenText } from "./timeOffModel";
import { useBookedJobs, useDecideTimeOff, useTimeOff } from "./useTimeOff";
import "./time-off.css";

/** How far back and ahead the office's list of requests looks. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 365;

/**
 * The office's time off requests on the board (docs/time-off.md): each pending request
 * with Approve and Decline, and for a sick day of today "Re-plan the day", which opens
 * Mark out… for that person. Approving over booked jobs first lists them and offers their
 * day's re-plan (ApproveTimeOffDialog). The bell's entry for a new request leads here; live.
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
  const bookedJobs = useBookedJobs();
  const showFailure = useShowFailure();
  // The request being approved over booked jobs, with those jobs.
  const [approving, setApproving] = useState<{ off: TimeOffDTO; jobs: JobDTO[] } | null>(null);
  const pending = list
    .filter((off) => off.status === "pending")
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  if (pending.length === 0) return null;

  const answer = (off: TimeOffDTO, status: "approved" | "declined", onDone?: () => void) =>
    decide.mutate(
      { off, status },
      {
        onSuccess: onDone,
        onError: (error) =>
          showFailure(`Could not ${status === "approved" ? "approve" : "decline"} it`, error),
      },
    );

  const employeeOf = (off: TimeOffDTO) => employees.find((candidate) => candidate.id === off.employeeId);

  // Jobs booked then: the office sees them and chooses; none: approved at once, as before.
  const approve = async (off: TimeOffDTO) => {
    let jobs: JobDTO[];
    try {
      jobs = await bookedJobs(off);
    } catch (error) {
      showFailure("Could not approve it", error);
      return;
    }
    if (jobs.length === 0) answer(off, "approved");
    else setApproving({ off, jobs });
  };

  const approveBooked = (replanDate: string | null) => {
    if (!approving) return;
    const { off } = approving;
    const employee = employeeOf(off);
    answer(off, "approved", () => {
      setApproving(null);
      if (replanDate && employee) onReplan(employee, replanDate);
    });
  };

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
          const employee = employeeOf(off);
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
                  onClick={() => void approve(off)}
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
      {approving ? (
        <ApproveTimeOffDialog
          off={approving.off}
          name={employeeOf(approving.off)?.name ?? "Someone"}
          jobs={approving.jobs}
          isApproving={decide.isPending}
          onApprove={approveBooked}
          onCancel={() => setApproving(null)}
        />
      ) : null}
    </section>
  );
}
