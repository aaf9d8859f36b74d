import { STALE_TIME_MS } from "@sched/shared-types";
import { notifyManager, type Query, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { isCompanyId, useCompanyStore } from "../stores/company";
import { ApiError, getQueryFn } from "./api";
import { isKeptRefreshHeld, untilKeptPainted } from "./keptQueries";
import { isUnder, queryKeys } from "./queryKeys";

/** A query is tried at most this many times in all (first try included). */
export const MAX_QUERY_ATTEMPTS = 3;

/**
 * Retry rule: a 4xx will answer the same again, so never retry it; anything else (5xx,
 * network) is tried up to MAX_QUERY_ATTEMPTS times. `failureCount` is the number of
 * failures so far minus one, as TanStack Query counts.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount + 1 < MAX_QUERY_ATTEMPTS;
}

/**
 * The cache tells the screens of a change in the next task, as TanStack Query does by
 * default, but through a MessageChannel rather than setTimeout: a browser holds a background
 * tab's timers back (a second or more), which made a second tab of one browser show a pushed
 * change seconds after another browser did (docs/realtime.md).
 */
export function scheduleUnthrottled(): (callback: () => void) => void {
  if (typeof MessageChannel === "undefined") return (callback) => setTimeout(callback, 0);
  const channel = new MessageChannel();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => {
    for (const callback of waiting.splice(0)) callback();
  };
  return (callback) => {
    waiting.push(callback);
    if (waiting.length === 1) channel.port2.postMessage(null);
  };
}
notifyManager.setScheduler(scheduleUnthrottled());

/** When each query's latest fetch started (Date.now()), kept by `noteFetchStarts`. */
const fetchStarts = new WeakMap<Query, number>();

/**
 * Notes the moment each query of `queryCache` starts asking the server (its `fetch`
 * action), so the realtime connection knows which answers may predate its join
 * (lib/refetchStale.ts). A retry is the same fetch; a refetch that replaces one in flight
 * (`cancelRefetch`) keeps the earlier moment, which only ever reads once more.
 */
export function noteFetchStarts(queryCache: QueryCache): () => void {
  return queryCache.subscribe((event) => {
    if (event.type === "updated" && event.action.type === "fetch") fetchStarts.set(event.query, Date.now());
  });
}

/** When the query last started a fetch; undefined if it never did (set or restored data). */
export const fetchStartedAt = (query: Query): number | undefined => fetchStarts.get(query);

const fetchJson = getQueryFn({ on401: "throw" });

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    // A 401 from any query means the session ended: ask again who the user is, so the app signs out.
    onError: (error, query) => {
      if (error instanceof ApiError && error.status === 401 && !isUnder(query.queryKey, "user")) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      }
    },
  }),
  defaultOptions: {
    queries: {
      // Opened from the phone's copy, nothing is asked before that screen is painted (lib/keptQueries.ts).
      queryFn: async (context) => {
        await untilKeptPainted();
        return fetchJson(context);
      },
      // Offline, a query still asks once: the service worker answers from what it kept
      // (docs/offline.md). Retries then wait for the network.
      networkMode: "offlineFirst",
      staleTime: STALE_TIME_MS,
      // What the phone kept is painted before it is asked for again (lib/keptQueries.ts).
      refetchOnMount: () => !isKeptRefreshHeld(),
      refetchOnWindowFocus: false,
      retry: shouldRetryQuery,
    },
    mutations: { retry: false },
  },
});
noteFetchStarts(queryClient.getQueryCache());

/**
 * Whether a query must go when the selected company becomes `selected` (was `previous`).
 * Many lists are scoped by the X-Company-Id header rather than their key, so another
 * company's data must go; who is signed in and their companies stay. At a first
 * selection (none before: a new device, or after Switch Company), a list whose key names the new company was asked for with it
 * by name and stays.
 */
export function goesWithCompanyChange(queryKey: QueryKey, previous: string, selected: string): boolean {
  if (isUnder(queryKey, "user") || isUnder(queryKey, "companies")) return false;
  if (!isCompanyId(previous) && isCompanyId(selected)) return !namesCompany(queryKey, selected);
  return true;
}

/** Whether the key names the company: as a part, or as an object's `companyId`. */
const namesCompany = (queryKey: QueryKey, companyId: string) =>
  queryKey.some(
    (part) =>
      part === companyId ||
      (typeof part === "object" &&
        part !== null &&
        (part as { companyId?: unknown }).companyId === companyId),
  );

// Screens remount on a company change (CompanyGate), so nothing refetches here.
useCompanyStore.subscribe((state, previous) => {
  if (state.selectedCompanyId === previous.selectedCompanyId) return;
  queryClient.removeQueries({
    predicate: (query) =>
      goesWithCompanyChange(query.queryKey, previous.selectedCompanyId, state.selectedCompanyId),
  });
});
