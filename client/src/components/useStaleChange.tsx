import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { type QueryRoot, rootKey } from "../lib/queryKeys";
import {
  type FieldChange,
  type FieldDifference,
  putRowInLists,
  staleAnswerOf,
  type Versioned,
} from "../lib/staleChange";

// The dialog loads only when a save meets someone else's change: no screen pays for it before.
const StaleChangeDialog = lazy(() => import("./StaleChangeDialog"));

type StaleChoice<T extends Versioned> = {
  /** The cache root whose lists hold the row: they get the current row at once, then refetch. */
  root: QueryRoot;
  /** The fields where the user's change and `current` differ (lib/staleChange.ts: differingFields). */
  describe: (current: T) => FieldDifference[];
  /** What the other person changed since the user opened the row (lib/staleChange.ts: changedSince). */
  theirs?: (current: T) => FieldChange[];
  /** "Apply my change": save the user's change again, from `current.version`. */
  onApply: (current: T) => void;
  /** "Keep their change": the user's change is dropped (close the form). */
  onKeep?: (current: T) => void;
};

type OpenChoice = {
  message: string;
  differences: FieldDifference[];
  theirs: FieldChange[];
  apply: () => void;
  keep: () => void;
};

/**
 * The choice after a save that someone else's change overtook (docs/schedule.md).
 * A save's error handler calls `resolveStale`: for a 409
 * stale it shows the current row everywhere and opens the dialog, and answers true (the
 * caller shows nothing else); for any other error it answers false. Render `staleDialog`.
 */
export function useStaleChange(): {
  resolveStale: <T extends Versioned>(error: unknown, choice: StaleChoice<T>) => boolean;
  staleDialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OpenChoice | null>(null);

  const resolveStale = <T extends Versioned>(error: unknown, choice: StaleChoice<T>): boolean => {
    const stale = staleAnswerOf<T>(error);
    if (!stale) return false;
    const { current } = stale;
    putRowInLists(queryClient, choice.root, current);
    void queryClient.invalidateQueries({ queryKey: rootKey(choice.root) });
    setOpen({
      message: stale.message,
      differences: choice.describe(current),
      theirs: choice.theirs?.(current) ?? [],
      apply: () => choice.onApply(current),
      keep: () => choice.onKeep?.(current),
    });
    return true;
  };

  const choose = (action: () => void) => () => {
    setOpen(null);
    action();
  };

  const staleDialog = open ? (
    <Suspense fallback={null}>
      <StaleChangeDialog
        message={open.message}
        differences={open.differences}
        theirs={open.theirs}
        onKeep={choose(open.keep)}
        onApply={choose(open.apply)}
        onDismiss={() => setOpen(null)}
      />
    </Suspense>
  ) : null;

  return { resolveStale, staleDialog };
}
