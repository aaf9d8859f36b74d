/**
 * The board first (docs/schedule.md, "The first paint"): a load of /schedule asks at once for
 * the layout's and the board's code and, in parallel with it, for what the Week View shows
 * first (who is signed in, the companies, the roster, the settings, the week's jobs). The
 * answers go into the query cache under the very keys the screens read, so the screens take
 * them instead of asking again. main.tsx imports this module before React renders.
 */
import { localDateString } from "@sched/shared-types";
import { appLayoutScreen, scheduleScreen } from "./app/screens";
import { boardWeek, jobWindow } from "./features/schedule/jobWindow";
import { getQueryFn } from "./lib/api";
import { queryClient } from "./lib/queryClient";
import { queryKeys } from "./lib/queryKeys";
import { selectedCompanyIdForRequests } from "./stores/company";

/** Asks for the board's first lists; a failure is the screens' to show when they ask again. */
function prefetchBoard(search: string): void {
  void queryClient.prefetchQuery({
    queryKey: queryKeys.user(),
    queryFn: getQueryFn({ on401: "returnNull" }),
  });
  // A company remembered on this device means someone was signed in; without one there is
  // nothing to ask for yet (a signed-out visitor's lists would answer 401).
  const companyId = selectedCompanyIdForRequests();
  if (!companyId) return;
  const { startDate, endDate } = jobWindow(
    boardWeek(new URLSearchParams(search).get("week"), localDateString()),
  );
  for (const queryKey of [
    queryKeys.companies(),
    queryKeys.employees(companyId),
    queryKeys.settings(companyId),
    queryKeys.jobs(companyId, startDate, endDate),
  ]) {
    void queryClient.prefetchQuery({ queryKey });
  }
}

if (window.location.pathname === "/schedule") {
  void appLayoutScreen.preload().catch(() => {});
  void scheduleScreen.preload().catch(() => {});
  prefetchBoard(window.location.search);
}
