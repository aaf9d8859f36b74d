/**
 * The board's first paint (docs/schedule.md, "The first paint"): a load of /schedule asks
 * at once for the board's code and for what its first screen shows, instead of one after
 * the other (the user, then the layout's code, then the companies, then the page's code,
 * then the week). main.tsx imports this module before React and antd, so the requests
 * leave while the rest of the app's code is still starting. The data lands in the query
 * cache under the keys the screens' own hooks use, so they find it there (or join the
 * request still on its way).
 *
 * Light on purpose: it is part of every page's first JavaScript (the sign-in page's too),
 * so no dayjs, no React.
 */
import { SELECTED_COMPANY_KEY } from "@sched/shared-types";
import type { QueryKey } from "@tanstack/react-query";
import { appLayoutScreen, scheduleScreen } from "./app/screens";
import { requestedWeek } from "./features/schedule/calendarDays";
import { jobWindow } from "./features/schedule/jobWindow";
import { getQueryFn } from "./lib/api";
import { queryClient } from "./lib/queryClient";
import { queryKeys } from "./lib/queryKeys";
import { isCompanyId } from "./stores/company";

/** Today in local time, yyyy-MM-dd (as dayjs().format would write it). */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const quietQueryFn = getQueryFn<unknown>({ on401: "returnNull" });

/** Asks for a list now; null when signed out (401). */
function askEarly(queryKey: QueryKey): Promise<unknown> {
  const answer = Promise.resolve(quietQueryFn({ queryKey } as Parameters<typeof quietQueryFn>[0]));
  // A signed-out visitor's answers are never read: their failures must not surface either.
  answer.catch(() => {});
  return answer;
}

export async function preloadSchedule(): Promise<void> {
  // The chunks first: they are the longest wait on a cold load.
  void appLayoutScreen.preload().catch(() => {});
  void scheduleScreen.preload().catch(() => {});
  const user = queryClient.fetchQuery({
    queryKey: queryKeys.user(),
    queryFn: getQueryFn({ on401: "returnNull" }),
  });
  // A returning dispatcher's company is remembered: the lists go out with the user's request,
  // not after it. A signed-out visitor's lists answer 401 and are dropped below.
  const companyId = window.localStorage.getItem(SELECTED_COMPANY_KEY);
  if (!isCompanyId(companyId)) {
    await user.catch(() => null);
    return;
  }
  const { startDate, endDate } = jobWindow(requestedWeek(window.location.search, localToday()));
  const keys = [
    queryKeys.companies(),
    queryKeys.employees(companyId),
    queryKeys.jobs(companyId, startDate, endDate),
  ];
  const answers = keys.map((queryKey) => ({ queryKey, answer: askEarly(queryKey) }));
  if (!(await user.catch(() => null))) return;
  // Signed in: the answers become the lists' queries (a hook mounted now joins them). One that
  // failed, or answered 401 after all, is in error, and the screen's hook asks again.
  await Promise.all(
    answers.map(({ queryKey, answer }) =>
      queryClient.prefetchQuery({
        queryKey,
        queryFn: () => answer.then((data) => data ?? Promise.reject(new Error("401: signed out"))),
      }),
    ),
  );
}

// Runs as soon as this module is evaluated: before React, antd and the routes start.
if (window.location.pathname === "/schedule") void preloadSchedule().catch(() => {});
