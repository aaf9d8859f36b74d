/**
 * "This job / This and following / All jobs in the series": asked when an occurrence of
 * a recurring job is saved or deleted (docs/schedule.md), with whether
 * occurrences changed on their own take the change too.
 */
import { lazy, Suspense, useRef, useState } from "react";
import type { ScopeAction, ScopeChoice } from "./seriesScope";

// Loaded when first asked: the board's first download carries no radio group for it.
const SeriesScopeModal = lazy(() => import("./SeriesScopeModal"));

export type { ScopeAction, ScopeChoice } from "./seriesScope";

/** `askScope(action)` opens the question; it answers the choice, or null when cancelled. */
export function useSeriesScope() {
  const [action, setAction] = useState<ScopeAction | null>(null);
  const answer = useRef<(choice: ScopeChoice | null) => void>(() => {});

  const askScope = (asked: ScopeAction) =>
    new Promise<ScopeChoice | null>((resolve) => {
      answer.current = resolve;
      setAction(asked);
    });

  const finish = (choice: ScopeChoice | null) => {
    setAction(null);
    answer.current(choice);
  };

  const scopeDialog =
    action === null ? null : (
      <Suspense fallback={null}>
        <SeriesScopeModal action={action} onAnswer={finish} />
      </Suspense>
    );

  return { askScope, scopeDialog };
}

/** `?scope=…&includeDetached=true` for PUT and DELETE /api/jobs/:id. */
export function scopeQuery(choice: ScopeChoice | undefined): string {
  if (!choice || choice.scope === "this") return "";
  return `?scope=${choice.scope}${choice.includeDetached ? "&includeDetached=true" : ""}`;
}
