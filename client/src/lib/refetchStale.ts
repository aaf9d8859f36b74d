/**
 * Reads again what was read before a moment, one query per task: at a (re)connection
 * (app/Realtime.tsx) every list read before it may have missed an event, and asking for
 * them all in one go held a phone's main thread for a long moment (each request, then each
 * answer's render), just as the first screen was drawn (docs/performance.md).
 */
import type { QueryClient } from "@tanstack/react-query";
import { scheduleUnthrottled } from "./queryClient";

/** The next task, soon in a background tab too (timers there wait a second or more). */
const inNextTask = scheduleUnthrottled();

/** Marks stale and refetches (when on screen) each query whose data is older than `moment`. */
export function refetchStaleQueries(queryClient: QueryClient, moment: number): void {
  const readBefore = (dataUpdatedAt: number) => dataUpdatedAt < moment;
  const queue = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => readBefore(query.state.dataUpdatedAt) });
  const next = () => {
    const query = queue.shift();
    if (!query) return;
    // Read again meanwhile (an event, a screen that asked): nothing to do.
    if (readBefore(query.state.dataUpdatedAt))
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
    inNextTask(next);
  };
  next();
}
