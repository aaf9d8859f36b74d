/**
 * "Optimize route" (one technician) and "Optimize day" (the team) as the Daily View uses
 * them (docs/schedule.md): `openOptimize(date, employee?)` opens the preview; Apply moves
 * every job at once, then a toast offers Undo, which puts the day back (the server keeps it).
 * Render `optimizeDialog`.
 */
import type { EmployeeDTO, OptimizePreviewDTO } from "@sched/shared-types";
import { Button } from "antd";
import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { isApiError } from "../../lib/api";
import { formatDay } from "../../lib/dates";
import { useFeedback } from "../../ui/feedback";
import { useApplyOptimizedDay, useUndoOptimizedDay } from "./useOptimizeDay";

// The dialog loads on first use: the board does not carry it.
const OptimizeDialog = lazy(() =>
  import("./OptimizeDialog").then((module) => ({ default: module.OptimizeDialog })),
);

/** How long the Undo stays offered: a day's new order is worth a look. */
const UNDO_SECONDS = 20;

type Open = { date: string; employee: EmployeeDTO | null; key: number };

const jobsWord = (count: number) => `${count} job${count === 1 ? "" : "s"}`;

export function useOptimize(companyId: string | null, employees: readonly EmployeeDTO[]) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const apply = useApplyOptimizedDay();
  const undo = useUndoOptimizedDay();
  const [open, setOpen] = useState<Open | null>(null);

  // Stable: the timeline's rows are memoized and take it as a prop.
  const openOptimize = useCallback(
    (date: string, employee: EmployeeDTO | null = null) => setOpen({ date, employee, key: Date.now() }),
    [],
  );

  const undoPlan = (planId: string, key: string) =>
    undo.mutate(planId, {
      onSuccess: () => {
        notification.destroy(key);
        notification.success({ title: "Undone", description: "The day is back as it was." });
      },
      onError: (error) => {
        if (isApiError(error, "stale")) {
          notification.warning({
            title: "Could not undo",
            description: "A job changed since the day was optimized. Nothing was undone.",
          });
          return;
        }
        showFailure("Could not undo the optimization.", error);
      },
    });

  const applyPreview = (preview: OptimizePreviewDTO) => {
    if (!open || !companyId) return;
    const target = open;
    apply.mutate(
      { date: target.date, body: { companyId, moves: preview.moves } },
      {
        onSuccess: (result) => {
          setOpen(null);
          const key = `optimize-${result.planId}`;
          notification.success({
            key,
            title: `${target.employee ? `${target.employee.name}'s route` : "The day"} on ${formatDay(target.date)} optimized`,
            description: `${jobsWord(result.moved.length)} moved; ${preview.savedMinutes} min less driving.`,
            duration: UNDO_SECONDS,
            actions: (
              <Button
                size="small"
                type="primary"
                data-testid="undo-optimize"
                onClick={() => undoPlan(result.planId, key)}
              >
                Undo
              </Button>
            ),
          });
        },
        onError: (error) => {
          if (isApiError(error, "stale")) {
            // Someone changed one of the jobs since the preview: nothing was applied; a fresh preview opens.
            notification.warning({
              title: "The day changed meanwhile",
              description: "Nothing was applied. Here is the day as it is now.",
            });
            setOpen({ ...target, key: Date.now() });
            return;
          }
          showFailure("Could not apply the new order.", error);
        },
      },
    );
  };

  const optimizeDialog: ReactNode =
    open && companyId ? (
      <Suspense fallback={null}>
        <OptimizeDialog
          key={open.key}
          companyId={companyId}
          date={open.date}
          employee={open.employee}
          employees={employees}
          isApplying={apply.isPending}
          onApply={applyPreview}
          onClose={() => setOpen(null)}
        />
      </Suspense>
    ) : null;

  return { openOptimize, optimizeDialog };
}
