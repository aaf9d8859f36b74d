/**
 * "Optimize route" (one technician) and "Optimize day" (the team) as the Daily View uses
 * them (docs/schedule.md): `openOptimize(date, employee?)` opens the preview; Apply moves
 * every job at once, then a toast offers Undo, which puts the day back (the server keeps it:
 * after the toast or a reload, UndoableOptimizations offers it). Render `optimizeDialog`.
 * The preview, apply and Undo steps are the day plan's (components/day-plan).
 */
import type { EmployeeDTO, OptimizePreviewDTO } from "@sched/shared-types";
import { lazy, useCallback } from "react";
import { usePlanApply } from "../../components/day-plan/usePlanApply";
import { formatDay } from "../../lib/dates";
import { useUndoOptimization } from "./UndoableOptimizations";
import { useApplyOptimizedDay } from "./useOptimizeDay";

// The dialog loads on first use: the board does not carry it.
const OptimizeDialog = lazy(() =>
  import("./OptimizeDialog").then((module) => ({ default: module.OptimizeDialog })),
);

type Target = { date: string; employee: EmployeeDTO | null };

const jobsWord = (count: number) => `${count} job${count === 1 ? "" : "s"}`;

export function useOptimize(companyId: string | null, employees: readonly EmployeeDTO[]) {
  const undo = useUndoOptimization();
  const { openPlan, planDialog } = usePlanApply({
    mutation: useApplyOptimizedDay(),
    variables: (target: Target, preview: OptimizePreviewDTO) =>
      companyId ? { date: target.date, body: { companyId, moves: preview.moves } } : null,
    applied: (target, result, preview) => {
      const key = `optimize-${result.planId}`;
      return {
        key,
        title: `${target.employee ? `${target.employee.name}'s route` : "The day"} on ${formatDay(target.date)} optimized`,
        description: `${jobsWord(result.moved.length)} moved; ${preview.savedMinutes} min less driving.`,
        undoTestId: "undo-optimize",
        onUndo: () => undo.run(result.planId, key),
      };
    },
    failure: "Could not apply the new order.",
    renderDialog: (target, controls) =>
      companyId ? (
        <OptimizeDialog
          companyId={companyId}
          date={target.date}
          employee={target.employee}
          employees={employees}
          {...controls}
        />
      ) : null,
  });

  // Stable: the timeline's rows are memoized and take it as a prop.
  const openOptimize = useCallback(
    (date: string, employee: EmployeeDTO | null = null) => openPlan({ date, employee }),
    [openPlan],
  );
  return { openOptimize, optimizeDialog: planDialog };
}
