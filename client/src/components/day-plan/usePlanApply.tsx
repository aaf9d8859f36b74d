/**
 * The "preview, apply, Undo" a day's plan goes through, the same for the sick day's re-plan
 * (docs/time-off.md) and an optimized day (docs/schedule.md): `openPlan(target)` opens the
 * screen's preview dialog; its Apply runs the screen's mutation; applied, a toast offers Undo
 * for 20 s (the server keeps the plan, so a list offers it after that too: UndoablePlans); a
 * job changed since the preview (409 stale) applies nothing and a fresh preview opens.
 * Render `planDialog`.
 */
import { Button } from "antd";
import { type ReactNode, Suspense, useCallback, useState } from "react";
import { isApiError } from "../../lib/api";
import { useFeedback } from "../../ui/feedback";
import { useShowFailure } from "../FailureNotice";

/** How long the toast's Undo stays offered: a day's plan is worth a longer look than one move. */
export const PLAN_UNDO_SECONDS = 20;

/** A mutation as the plan's hooks use it (TanStack Query's `useMutation` answer fits). */
export type PlanMutation<Variables, Result> = {
  mutate: (
    variables: Variables,
    callbacks: { onSuccess: (result: Result) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
};

/** The toast after an apply: its words and its Undo. */
export type AppliedNotice = {
  key: string;
  title: string;
  description: string;
  undoTestId: string;
  onUndo: () => void;
};

/** What the screen's dialog is given. */
export type PlanDialogControls<Input> = {
  isApplying: boolean;
  onApply: (input: Input) => void;
  onClose: () => void;
};

type PlanApplyOptions<Target, Input, Variables, Result> = {
  mutation: PlanMutation<Variables, Result>;
  /** The apply's variables for the plan as the office decided it; null: not now (no company yet). */
  variables: (target: Target, input: Input) => Variables | null;
  /** The toast once applied. */
  applied: (target: Target, result: Result, input: Input) => AppliedNotice;
  /** The failure's title when the apply fails otherwise. */
  failure: string;
  /** The preview dialog (lazy: it is wrapped in Suspense); null draws none. */
  renderDialog: (target: Target, controls: PlanDialogControls<Input>) => ReactNode;
};

export function usePlanApply<Target, Input, Variables, Result>(
  options: PlanApplyOptions<Target, Input, Variables, Result>,
) {
  const { mutation, variables, applied, failure, renderDialog } = options;
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  // The key opens a new dialog (a fresh preview) each time.
  const [open, setOpen] = useState<{ target: Target; key: number } | null>(null);

  // Stable: memoized rows (the timeline's) take it as a prop.
  const openPlan = useCallback((target: Target) => setOpen({ target, key: Date.now() }), []);

  const applyPlan = (input: Input) => {
    if (!open) return;
    const { target } = open;
    const vars = variables(target, input);
    if (vars === null) return;
    mutation.mutate(vars, {
      onSuccess: (result) => {
        setOpen(null);
        const notice = applied(target, result, input);
        notification.success({
          key: notice.key,
          title: notice.title,
          description: notice.description,
          duration: PLAN_UNDO_SECONDS,
          actions: (
            <Button size="small" type="primary" data-testid={notice.undoTestId} onClick={notice.onUndo}>
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
          setOpen({ target, key: Date.now() });
          return;
        }
        showFailure(failure, error);
      },
    });
  };

  const dialog = open
    ? renderDialog(open.target, {
        isApplying: mutation.isPending,
        onApply: applyPlan,
        onClose: () => setOpen(null),
      })
    : null;
  const planDialog: ReactNode = dialog ? (
    <Suspense key={open?.key} fallback={null}>
      {dialog}
    </Suspense>
  ) : null;

  return { openPlan, planDialog };
}
