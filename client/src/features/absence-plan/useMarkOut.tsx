/**
 * "Mark out…" as a screen uses it (docs/time-off.md): `openMarkOut(employee,
 * date)` opens the preview; Apply records the sick day and every move at once, then a toast
 * offers Undo, which puts every job back and takes the time off back. The server keeps the
 * Undo: after the toast or a reload, UndoableReplans offers it. Render `markOutDialog`.
 */
import type { AbsencePlanAppliedDTO, EmployeeDTO, TAbsencePlanMove } from "@sched/shared-types";
import { Button } from "antd";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { isApiError } from "../../lib/api";
import { formatDay } from "../../lib/dates";
import { useFeedback } from "../../ui/feedback";
import { useUndoReplan } from "./UndoableReplans";
import { useApplyAbsencePlan } from "./useAbsencePlan";

// The dialog (antd Select, Modal) loads on first use: the board does not carry it.
const MarkOutDialog = lazy(() =>
  import("./MarkOutDialog").then((module) => ({ default: module.MarkOutDialog })),
);

/** How long the Undo stays offered: a day's re-plan is worth a longer look than one move. */
const UNDO_SECONDS = 20;

type Open = { employee: EmployeeDTO; date: string; key: number };

const jobsWord = (count: number) => `${count} job${count === 1 ? "" : "s"}`;

/** "2 jobs handed over, 1 left in Unscheduled" */
function summary(result: AbsencePlanAppliedDTO): string {
  const parts = [`${jobsWord(result.moved.length)} handed over`];
  if (result.unscheduled.length) parts.push(`${result.unscheduled.length} left in Unscheduled`);
  return parts.join(", ");
}

export function useMarkOut(companyId: string | null, employees: readonly EmployeeDTO[]) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const apply = useApplyAbsencePlan();
  const undo = useUndoReplan();
  const [open, setOpen] = useState<Open | null>(null);

  const openMarkOut = (employee: EmployeeDTO, date: string) => setOpen({ employee, date, key: Date.now() });

  const applyPlan = (moves: TAbsencePlanMove[]) => {
    if (!open || !companyId) return;
    const target = open;
    apply.mutate(
      { employeeId: target.employee.id, body: { companyId, date: target.date, moves } },
      {
        onSuccess: (result) => {
          setOpen(null);
          const key = `mark-out-${result.timeOffId}`;
          notification.success({
            key,
            title: `${target.employee.name} is out on ${formatDay(target.date)}`,
            description: summary(result),
            duration: UNDO_SECONDS,
            actions: (
              <Button
                size="small"
                type="primary"
                data-testid="undo-mark-out"
                onClick={() =>
                  undo.run({
                    planId: result.planId,
                    employeeName: target.employee.name,
                    timeOffAction: result.timeOffAction,
                    key,
                  })
                }
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
          showFailure("Could not apply the re-plan.", error);
        },
      },
    );
  };

  const markOutDialog: ReactNode =
    open && companyId ? (
      <Suspense fallback={null}>
        <MarkOutDialog
          key={open.key}
          companyId={companyId}
          employee={open.employee}
          date={open.date}
          employees={employees}
          isApplying={apply.isPending}
          onApply={applyPlan}
          onClose={() => setOpen(null)}
        />
      </Suspense>
    ) : null;

  return { openMarkOut, markOutDialog };
}
