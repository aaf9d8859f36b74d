/**
 * "Mark out…" as a screen uses it (docs/time-off.md): `openMarkOut(employee,
 * date)` opens the preview; Apply records the sick day and every move at once, then a toast
 * offers Undo, which puts every job back and takes the time off back. The server keeps the
 * Undo: after the toast or a reload, UndoableReplans offers it. Render `markOutDialog`.
 * The preview, apply and Undo steps are the day plan's (components/day-plan).
 */
import type { AbsencePlanAppliedDTO, EmployeeDTO, TAbsencePlanMove } from "@sched/shared-types";
import { lazy } from "react";
import { usePlanApply } from "../../components/day-plan/usePlanApply";
import { formatDay } from "../../lib/dates";
import { useUndoReplan } from "./UndoableReplans";
import { useApplyAbsencePlan } from "./useAbsencePlan";

// The dialog (antd Select, Modal) loads on first use: the board does not carry it.
const MarkOutDialog = lazy(() =>
  import("./MarkOutDialog").then((module) => ({ default: module.MarkOutDialog })),
);

type Target = { employee: EmployeeDTO; date: string };

const jobsWord = (count: number) => `${count} job${count === 1 ? "" : "s"}`;

/** "2 jobs handed over, 1 left in Unscheduled" */
function summary(result: AbsencePlanAppliedDTO): string {
  const parts = [`${jobsWord(result.moved.length)} handed over`];
  if (result.unscheduled.length) parts.push(`${result.unscheduled.length} left in Unscheduled`);
  return parts.join(", ");
}

export function useMarkOut(companyId: string | null, employees: readonly EmployeeDTO[]) {
  const undo = useUndoReplan();
  const { openPlan, planDialog } = usePlanApply({
    mutation: useApplyAbsencePlan(),
    variables: (target: Target, moves: TAbsencePlanMove[]) =>
      companyId ? { employeeId: target.employee.id, body: { companyId, date: target.date, moves } } : null,
    applied: (target, result) => {
      const key = `mark-out-${result.timeOffId}`;
      return {
        key,
        title: `${target.employee.name} is out on ${formatDay(target.date)}`,
        description: summary(result),
        undoTestId: "undo-mark-out",
        onUndo: () =>
          undo.run({
            planId: result.planId,
            employeeName: target.employee.name,
            timeOffAction: result.timeOffAction,
            key,
          }),
      };
    },
    failure: "Could not apply the re-plan.",
    renderDialog: (target, controls) =>
      companyId ? (
        <MarkOutDialog
          companyId={companyId}
          employee={target.employee}
          date={target.date}
          employees={employees}
          {...controls}
        />
      ) : null,
  });

  const openMarkOut = (employee: EmployeeDTO, date: string) => openPlan({ employee, date });
  return { openMarkOut, markOutDialog: planDialog };
}
