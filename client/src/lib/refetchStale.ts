/**
 * Reads again what was asked for before a moment, one query per task: at a (re)connection
 * (app/Realtime.tsx) every answer asked for before the socket joined its rooms may have
 * missed an event, and one asked for after cannot have. Asking for them all in one go held
 * a phone's main thread for a long moment (each request, then each answer's render), just
 * as the first screen was drawn (docs/performance.md).
 */
import type { Query, QueryCache, QueryClient } from "@tanstack/react-query";
import { fetchStartedAt, scheduleUnthrottled } from "./queryClient";

/** The next task, soon in a background tab too (timers there wait a second or more). */
const inNextTask = scheduleUnthrottled();

/** Runs `then` once the query's fetch in flight has settled (or the query left the cache). */
function afterFetch(queryCache: QueryCache, query: Query, then: () => void): void {
  const unsubscribe = queryCache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === "removed") unsubscribe();
    else if (query.state.fetchStatus === "idle") {
      unsubscribe();
      then();
    }
  });
}

/**
 * Marks stale and refetches (when on screen) each query whose latest fetch started before
 * `moment`, or that holds data it never fetched (set, or restored from the kept copy). An
 * answer still on its way from before `moment` is read again once it is in.
 */
export function refetchStaleQueries(queryClient: QueryClient, moment: number): void {
  const queryCache = queryClient.getQueryCache();
  const askedBefore = (query: Query) => (fetchStartedAt(query) ?? Number.NEGATIVE_INFINITY) < moment;
  const readAgain = (query: Query) =>
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
  const queue = queryCache.findAll({ predicate: askedBefore });
  const next = () => {
    const query = queue.shift();
    if (!query) return;
    // Asked for again meanwhile (an event, a screen that asked): nothing to do.
    if (askedBefore(query)) {
      if (query.state.fetchStatus === "idle") readAgain(query);
      else
        afterFetch(queryCache, query, () =>
          inNextTask(() => {
            if (askedBefore(query)) readAgain(query);
          }),
        );
    }
    inNextTask(next);
  };
  next();
}
