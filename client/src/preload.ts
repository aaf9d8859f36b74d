/**
 * The board's first paint (docs/schedule.md, "The first paint"): a load of /schedule asks
 * at once for the board's code and for what its first screen shows, instead of one after
 * the other (the user, then the layout's code, then the companies, then the page's code,
 * then the week). The data lands in the query cache under the keys the screens' own hooks
 * use, so they find it there (or join the request still on its way).
 */
import { SELECTED_COMPANY_KEY } from "@sched/shared-types";
import dayjs from "dayjs";
import { jobWindow } from "./features/schedule/jobWindow";
import { getQueryFn } from "./lib/api";
import { toISODate, weekStart } from "./lib/dates";
import { queryClient } from "./lib/queryClient";
import { queryKeys } from "./lib/queryKeys";
import { isCompanyId } from "./stores/company";

/** The week the board will show: the URL's `week` when it is a date, else this week. */
function requestedWeek(): string {
  const week = new URLSearchParams(window.location.search).get("week");
  const isDate = week !== null && /^\d{4}-\d{2}-\d{2}$/.test(week) && dayjs(week).isValid();
  return toISODate(weekStart(isDate ? week : undefined));
}

export async function preloadSchedule(): Promise<void> {
  void import("./app/AppLayout");
  void import("./features/schedule/SchedulePage");
  // Signed out: nothing else to ask for (the 401s would only be noise).
  const user = await queryClient.fetchQuery({
    queryKey: queryKeys.user(),
    queryFn: getQueryFn({ on401: "returnNull" }),
  });
  const companyId = window.localStorage.getItem(SELECTED_COMPANY_KEY);
  if (!user || !isCompanyId(companyId)) return;
  const { startDate, endDate } = jobWindow(requestedWeek());
  await Promise.all([
    queryClient.prefetchQuery({ queryKey: queryKeys.companies() }),
    queryClient.prefetchQuery({ queryKey: queryKeys.employees(companyId) }),
    queryClient.prefetchQuery({ queryKey: queryKeys.jobs(companyId, startDate, endDate) }),
  ]);
}
