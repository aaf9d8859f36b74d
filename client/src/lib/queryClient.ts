import { STALE_TIME_MS } from "@sched/shared-types";
import { QueryCache, QueryClient } from "@tanstack/react-query";
import { useCompanyStore } from "../stores/company";
import { errorStatus, getQueryFn } from "./api";

export const USER_QUERY_KEY = ["/api/user"] as const;
export const COMPANIES_QUERY_KEY = ["/api/companies"] as const;

/** A query is tried at most this many times in all (first try included). */
export const MAX_QUERY_ATTEMPTS = 3;

/**
 * Retry rule (ARCHITECTURE section 2): a 4xx will answer the same again, so never
 * retry it; anything else (5xx, network) is tried up to MAX_QUERY_ATTEMPTS times.
 * `failureCount` is the number of failures so far minus one, as TanStack Query counts.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount + 1 < MAX_QUERY_ATTEMPTS;
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    // A 401 from any query means the session ended: ask again who the user is, so the app signs out.
    onError: (error, query) => {
      if (errorStatus(error) === 401 && query.queryKey[0] !== USER_QUERY_KEY[0]) {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
    },
  }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      staleTime: STALE_TIME_MS,
      refetchOnWindowFocus: false,
      retry: shouldRetryQuery,
    },
    mutations: { retry: false },
  },
});

const ACCOUNT_QUERY_ROOTS = new Set<unknown>([
  USER_QUERY_KEY[0],
  COMPANIES_QUERY_KEY[0],
  "/api/user/companies",
]);

// Many lists are scoped by the X-Company-Id header rather than their key, so another company's
// data must go. Screens remount on a company change (CompanyGate), so nothing refetches here.
useCompanyStore.subscribe((state, previous) => {
  if (state.selectedCompanyId === previous.selectedCompanyId) return;
  queryClient.removeQueries({ predicate: (query) => !ACCOUNT_QUERY_ROOTS.has(query.queryKey[0]) });
});
