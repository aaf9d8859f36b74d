/**
 * An optimized day's Undo after the toast is gone or the page reloaded (docs/schedule.md,
 * "Optimize a day"): the day's optimizations the server still keeps, newest first, each
 * "Optimized at 10:42 AM by Ann Lee: 3 jobs moved, 25 min less driving" with Undo, above
 * the Daily View and the Map. `useUndoOptimization` is the one Undo the toast uses too.
 */
import { UndoablePlans } from "../../components/day-plan/UndoablePlans";
import { usePlanUndo } from "../../components/day-plan/usePlanUndo";
import { optimizedWords } from "./optimizedWords";
import { useUndoableRoutePlans, useUndoOptimizedDay } from "./useOptimizeDay";

/** Undoes a kept optimization; a job changed since (409 stale) undoes nothing and says so. */
export function useUndoOptimization() {
  const undo = usePlanUndo({
    mutation: useUndoOptimizedDay(),
    undone: () => ({ title: "Undone", description: "The day is back as it was." }),
    stale: {
      title: "Could not undo",
      description: "A job changed since the day was optimized. Nothing was undone.",
    },
    failure: "Could not undo the optimization.",
  });
  const run = (planId: string, key: string) => undo.run(planId, key, undefined);
  return { run, isPending: undo.isPending };
}

export function UndoableOptimizations(props: { companyId: string; date: string }) {
  const plans = useUndoableRoutePlans(props.companyId, props.date).data ?? [];
  const undo = useUndoOptimization();
  return (
    <UndoablePlans
      label="Optimized routes"
      testId="undoable-optimizations"
      itemTestId="undoable-optimization"
      undoTestId="undo-optimization"
      isUndoing={undo.isPending}
      plans={plans.map((plan) => ({
        id: plan.id,
        words: optimizedWords(plan),
        // The toast's key: an Undo from the list takes an open toast of the same plan away.
        onUndo: () => undo.run(plan.id, `optimize-${plan.id}`),
      }))}
    />
  );
}
