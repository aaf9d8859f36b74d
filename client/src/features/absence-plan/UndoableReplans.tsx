/**
 * The sick day's Undo after the toast is gone or the page reloaded (docs/time-off.md):
 * the re-plans of today and the days ahead that the server still keeps, each
 * with Undo. `useUndoReplan` is the one Undo the toast uses too.
 */
import { type AbsencePlanUndoableDTO, addDays, type EmployeeDTO } from "@sched/shared-types";
import { Button } from "antd";
import { useShowFailure } from "../../components/FailureNotice";
import { formatDay } from "../../lib/dates";
import { useFeedback } from "../../ui/feedback";
import { useUndoablePlans, useUndoKeptPlan } from "./useAbsencePlan";
import "./undoable-replans.css";

/** How far ahead re-plans are offered for Undo: the server answers at most a month at once. */
const AHEAD_DAYS = 30;

type Undoing = {
  planId: string;
  employeeName: string;
  timeOffAction: AbsencePlanUndoableDTO["timeOffAction"];
  key: string;
};

/** What the Undo did about the time off, in the toast's words. */
const TAKEN_BACK: Record<Undoing["timeOffAction"], string> = {
  added: "and the time off is removed",
  approved: "and their request is pending again",
  kept: "and their time off stays",
};

/** Undoes a kept plan and says how it went; a job changed since (409) undoes nothing and says so. */
export function useUndoReplan() {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const undo = useUndoKeptPlan();
  const run = ({ planId, employeeName, timeOffAction, key }: Undoing) => {
    notification.destroy(key);
    undo.mutate(planId, {
      onSuccess: () =>
        notification.info({
          key,
          title: "Re-plan undone",
          description: `${employeeName}'s jobs are back ${TAKEN_BACK[timeOffAction]}.`,
        }),
      onError: (error) => showFailure("Could not undo the re-plan.", error),
    });
  };
  return { run, isPending: undo.isPending };
}

export function UndoableReplans(props: {
  companyId: string;
  today: string;
  employees: readonly EmployeeDTO[];
}) {
  const { companyId, today, employees } = props;
  const plans = useUndoablePlans(companyId, today, addDays(today, AHEAD_DAYS)).data ?? [];
  const undo = useUndoReplan();
  if (plans.length === 0) return null;
  return (
    <section className="undoable-replans" aria-label="Re-planned days" data-testid="undoable-replans">
      <ul className="undoable-replans__list">
        {plans.map((plan) => {
          const name = employees.find((employee) => employee.id === plan.employeeId)?.name ?? "Someone";
          const jobs = `${plan.jobs.length} job${plan.jobs.length === 1 ? "" : "s"}`;
          return (
            <li key={plan.id} className="undoable-replans__item" data-testid="undoable-replan">
              <span>
                {name} is out on {formatDay(plan.date)}: {jobs} re-planned
              </span>
              <Button
                size="small"
                data-testid="undo-replan"
                disabled={undo.isPending}
                onClick={() =>
                  undo.run({
                    planId: plan.id,
                    employeeName: name,
                    timeOffAction: plan.timeOffAction,
                    key: `mark-out-${plan.timeOffId}`,
                  })
                }
              >
                Undo
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
