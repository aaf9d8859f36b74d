/**
 * What the phone keeps of My Day between visits (docs/offline.md): the technician's own
 * answers (who they are, their companies, the company's settings, their jobs, hours and time
 * off of the weeks shown) written to local storage as TanStack Query's `dehydrate` makes
 * them, and put back with `hydrate` before the first render, so the installed app opens My
 * Day at once and refreshes it from the network after. Nothing of the office's screens (the
 * board's week of everyone's jobs) is kept. The copy checks itself: another build, more than
 * a day old, or another person signed in, and it is dropped; signing out deletes it.
 */
import type { CompanyDTO, UserDTO } from "@sched/shared-types";
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import { useCompanyStore } from "../stores/company";
import { afterNextPaint } from "./afterPaint";
import { isUnder, queryKeys } from "./queryKeys";

/** The local storage entry. */
export const KEPT_QUERIES_KEY = "sched:kept-queries";
/** Older than this, the copy is not used (a phone left in a drawer over the weekend). */
export const KEPT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** At most one write this often while answers arrive. */
export const KEEP_EVERY_MS = 1000;
/** The weeks of jobs kept: the week shown and the next (prefetched) one, and one more. */
const MAX_JOB_WEEKS = 3;

declare const __SCHED_BUILD__: string | undefined;
/** This build's id (vite.config.ts): a copy made by another build is never read. */
export const BUILD_ID = typeof __SCHED_BUILD__ === "string" ? __SCHED_BUILD__ : "dev";

type Kept = { buster: string; userId: string; savedAt: number; state: DehydratedState };

/** Whose My Day is on this phone: the signed-in user and their linked employee in the selected company. */
type Scope = { userId: string; companyId: string; employeeId: string };

type Options = { storage?: Storage | null; buster?: string; now?: () => number };

function defaultStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function scopeOf(queryClient: QueryClient): Scope | null {
  const user = queryClient.getQueryData<UserDTO | null>(queryKeys.user());
  if (!user) return null;
  const companyId = useCompanyStore.getState().selectedCompanyId;
  const companies = queryClient.getQueryData<CompanyDTO[]>(queryKeys.companies());
  const employeeId = companies?.find((company) => company.id === companyId)?.employeeId;
  return employeeId ? { userId: user.id, companyId, employeeId } : null;
}

/** The key's filter part (`{ companyId, employeeId, ... }`), if any. */
const filterOf = (query: Query) =>
  typeof query.queryKey[1] === "object" && query.queryKey[1] !== null
    ? (query.queryKey[1] as Record<string, unknown>)
    : null;

/** One's own rows of the selected company: the key names both. */
const isOwn = (query: Query, scope: Scope) => {
  const filter = filterOf(query);
  return filter?.companyId === scope.companyId && filter.employeeId === scope.employeeId;
};

const sameKey = (query: Query, key: readonly unknown[]) => query.queryHash === JSON.stringify(key);

/** My Day's own jobs (never the board's lists of everyone's). */
const isOwnJobs = (query: Query, scope: Scope) => isUnder(query.queryKey, "jobs") && isOwn(query, scope);

/** Whether My Day reads this query for `scope`: only those are kept. */
export function isKeptQuery(query: Query, scope: Scope): boolean {
  if (query.state.status !== "success" || query.state.data === undefined) return false;
  return (
    sameKey(query, queryKeys.user()) ||
    sameKey(query, queryKeys.companies()) ||
    sameKey(query, queryKeys.settings(scope.companyId)) ||
    isOwnJobs(query, scope) ||
    ((isUnder(query.queryKey, "timesheets") || isUnder(query.queryKey, "time-off")) && isOwn(query, scope))
  );
}

/**
 * What to keep now: "nobody" when no one is signed in or the user is not linked to the
 * roster (an office user), "unread" while My Day's jobs are not in the cache (not opened
 * yet, or dropped after a while on another screen: the copy then stays as it was).
 */
export function keptState(
  queryClient: QueryClient,
): { userId: string; state: DehydratedState } | "nobody" | "unread" {
  const scope = scopeOf(queryClient);
  if (!scope) return "nobody";
  const jobWeeks = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === "success" && isOwnJobs(query, scope))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_JOB_WEEKS);
  if (jobWeeks.length === 0) return "unread";
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      isKeptQuery(query, scope) && (!isOwnJobs(query, scope) || jobWeeks.includes(query)),
    shouldDehydrateMutation: () => false,
  });
  return { userId: scope.userId, state };
}

/** Deletes the kept copy (signing out; another person signed in). */
export function forgetKeptQueries(storage: Storage | null = defaultStorage()): void {
  try {
    storage?.removeItem(KEPT_QUERIES_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}

/** Writes what My Day reads now; deletes the copy when nobody linked to the roster is signed in. */
export function saveKeptQueries(queryClient: QueryClient, options: Options = {}): void {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  if (!storage) return;
  const kept = keptState(queryClient);
  if (kept === "nobody") forgetKeptQueries(storage);
  if (typeof kept === "string") return;
  const entry: Kept = {
    buster: options.buster ?? BUILD_ID,
    userId: kept.userId,
    savedAt: (options.now ?? Date.now)(),
    state: kept.state,
  };
  try {
    storage.setItem(KEPT_QUERIES_KEY, JSON.stringify(entry));
  } catch {
    // Full or refused: the app works as before, from the network.
    forgetKeptQueries(storage);
  }
}

/** The kept copy when it is of this build, recent and well formed; anything else is deleted. */
export function readKeptQueries(options: Options = {}): Kept | null {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  let raw: string | null = null;
  try {
    raw = storage?.getItem(KEPT_QUERIES_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const kept = JSON.parse(raw) as Partial<Kept>;
    const age = (options.now ?? Date.now)() - (kept.savedAt ?? 0);
    if (
      kept.buster === (options.buster ?? BUILD_ID) &&
      typeof kept.userId === "string" &&
      age >= 0 &&
      age <= KEPT_MAX_AGE_MS &&
      Array.isArray(kept.state?.queries)
    )
      return kept as Kept;
  } catch {
    // Not JSON: dropped below.
  }
  forgetKeptQueries(storage);
  return null;
}

/** When the kept answers were put back (0: none were), for "Updated 2 min ago" (My Day). */
let restoredAt = 0;
export const keptRestoredAt = () => restoredAt;

/**
 * Kept answers are drawn first and asked for again after: until the frame that draws them is
 * painted, a screen mounting one does not refetch it (the queries' `refetchOnMount`,
 * lib/queryClient.ts). On a slow phone the refetches' start and the renders their states
 * cause came before that frame, holding the jobs back (docs/performance.md).
 */
let refreshHeld = false;
export const isKeptRefreshHeld = () => refreshHeld;
// And no request leaves before that paint: a query's first fetch waits for it (lib/queryClient.ts).
let painted: Promise<void> = Promise.resolve();
let markPainted = () => {};
export const untilKeptPainted = () => painted;

/** Once the frame being prepared is painted, refreshes the kept answers on screen. */
export function refreshKeptAfterPaint(queryClient: QueryClient): void {
  if (!refreshHeld) return;
  afterNextPaint(() => {
    refreshHeld = false;
    markPainted();
    void queryClient.refetchQueries({ type: "active", stale: true });
  });
}

/**
 * Puts the kept answers back into the cache, synchronously, before the first render. Each
 * is marked stale, so a screen that reads it asks the network again once the first screen
 * is painted (`refreshKeptAfterPaint`).
 * Answers the user the copy belongs to (null: nothing restored).
 */
export function restoreKeptQueries(queryClient: QueryClient, options: Options = {}): string | null {
  const kept = readKeptQueries(options);
  if (!kept) return null;
  hydrate(queryClient, {
    queries: kept.state.queries.map((query) => ({
      ...query,
      state: { ...query.state, isInvalidated: true },
    })),
  });
  restoredAt = (options.now ?? Date.now)();
  refreshHeld = true;
  painted = new Promise((resolve) => {
    markPainted = resolve;
  });
  return kept.userId;
}

/**
 * The app's start (main.tsx): restores the copy, then keeps it up to date as answers arrive
 * (at most once a second, and when the page is hidden). When the server names another user
 * than the copy's, or nobody (the session ended), the copy and what it restored go.
 */
export function startKeepingQueries(queryClient: QueryClient, options: Options = {}): () => void {
  // Who the screens show: the copy's user first, then whoever the server names.
  let shownUserId = restoreKeptQueries(queryClient, options);
  const restoredHashes = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash),
  );
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    saveKeptQueries(queryClient, options);
  };
  const userKey = JSON.stringify(queryKeys.user());
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success" && event.query.queryHash === userKey) {
      const userId = (event.query.state.data as UserDTO | null | undefined)?.id ?? null;
      if (userId !== shownUserId) {
        // Someone else (or no one): nothing of the copy may show, nor be written again.
        forgetKeptQueries(options.storage === undefined ? defaultStorage() : options.storage);
        for (const hash of restoredHashes) {
          const query = queryClient.getQueryCache().get(hash);
          if (query && hash !== userKey) queryClient.getQueryCache().remove(query);
        }
        restoredHashes.clear();
      }
      shownUserId = userId;
    }
    if (event.type !== "updated" && event.type !== "removed") return;
    if (timer === null) timer = setTimeout(save, KEEP_EVERY_MS);
  });
  const onHide = () => {
    if (timer !== null) save();
  };
  if (typeof window !== "undefined") window.addEventListener("pagehide", onHide);
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
    if (typeof window !== "undefined") window.removeEventListener("pagehide", onHide);
  };
}
