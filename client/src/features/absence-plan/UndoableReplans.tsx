/**
 * The sick day's Undo after the toast is gone or the page reloaded (docs/time-off.md):
 * the re-plans of today and the days ahead that the server still keeps, each
 * with Undo. `useUndoReplan` is the one Undo the toast uses too.
 */
import { type AbsencePlanUndoableDTO, addDays, type EmployeeDTO } from "@sched/shared-types";
import { UndoablePlans } from "../../components/day-plan/UndoablePlans";
import { usePlanUndo } from "../../components/day-plan/usePlanUndo";
import { formatDay } from "../../lib/dates";
import { useUndoablePlans, useUndoKeptPlan } from "./useAbsencePlan";

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

/** Undoes a kept plan and says how it went. */
export function useUndoReplan() {
  const undo = usePlanUndo({
    mutation: useUndoKeptPlan(),
    undone: ({ employeeName, timeOffAction }: Undoing) => ({
      tone: "info",
      title: "Re-plan undone",
      description: `${employeeName}'s jobs are back ${TAKEN_BACK[timeOffAction]}.`,
    }),
    failure: "Could not undo the re-plan.",
  });
  const run = (undoing: Undoing) => undo.run(undoing.planId, undoing.key, undoing);
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
  return (
    <UndoablePlans
      label="Re-planned days"
      testId="undoable-replans"
      itemTestId="undoable-replan"
      undoTestId="undo-replan"
      isUndoing={undo.isPending}
      plans={plans.map((plan) => {
        const name = employees.find((employee) => employee.id === plan.employeeId)?.name ?? "Someone";
        const jobs = `${plan.jobs.length} job${plan.jobs.length === 1 ? "" : "s"}`;
        return {
          id: plan.id,
          words: `${name} is out on ${formatDay(plan.date)}: ${jobs} re-planned`,
          onUndo: () =>
            undo.run({
              planId: plan.id,
              employeeName: name,
              timeOffAction: plan.timeOffAction,
              key: `mark-out-${plan.timeOffId}`,
            }),
        };
      })}
    />
  );
}
