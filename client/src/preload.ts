/**
 * The first screen without a waterfall (docs/schedule.md; docs/performance.md):
 * a load asks at once for who is signed in and, by its path, for the screen's code and the
 * lists it shows first, in parallel with the app's own code, instead of one after the other
 * as the screens would (who is signed in, then the frame's code, then the companies, then
 * the screen's code, then its list). The answers go into the query cache under the very
 * keys the screens read, so the screens take them instead of asking again. main.tsx imports
 * this module before React renders.
 */
import type { CompanyDTO, UserDTO } from "@sched/shared-types";
import { localDateString, weekStartOf } from "@sched/shared-types";
import { appLayoutScreen, loginScreen, myDayScreen, scheduleScreen, themedScreens } from "./app/screens";
import { myWeekJobsKey } from "./features/my-day/myWeek";
import { boardWeek, jobWindow } from "./features/schedule/jobWindow";
import { getQueryFn, queryKeyToUrl } from "./lib/api";
import { queryClient } from "./lib/queryClient";
import { queryKeys } from "./lib/queryKeys";
import { selectedCompanyIdForRequests } from "./stores/company";

/** Who is signed in (null: nobody): every screen waits for it before it draws. */
const signedInUser = queryClient.fetchQuery<UserDTO | null>({
  queryKey: queryKeys.user(),
  queryFn: getQueryFn<UserDTO>({ on401: "returnNull" }),
});

/**
 * The company the layout will select (app/CompanyGate.tsx): the one remembered on this
 * device, else the user's only one. Undefined when the user must choose or nobody is
 * signed in.
 */
async function companyToLoad(): Promise<CompanyDTO | { id: string; employeeId?: undefined } | undefined> {
  const remembered = selectedCompanyIdForRequests();
  // A company remembered means someone was signed in on this device: its lists are asked
  // for alongside the companies, without waiting for who is signed in.
  if (remembered) {
    void queryClient.prefetchQuery({ queryKey: queryKeys.companies() });
    return { id: remembered };
  }
  // Else they were asked for alongside the user (companiesAlongsideUser), and count once
  // the user is known to be signed in.
  const early = companiesAlongsideUser();
  if (!(await signedInUser)) return undefined;
  const companies = await queryClient.fetchQuery<CompanyDTO[]>({
    queryKey: queryKeys.companies(),
    queryFn: async (context) => (await early) ?? getQueryFn<CompanyDTO[]>({ on401: "throw" })(context),
  });
  return companies.length === 1 ? companies[0] : undefined;
}

let companiesAsked: Promise<CompanyDTO[] | null> | undefined;
/**
 * The companies, asked for at the same moment as who is signed in, on the screens only a
 * member sees: one round trip less before the frame can draw. Outside the query cache, so
 * a signed-out visitor's 401 is just dropped (null), not taken for a session that ended.
 */
function companiesAlongsideUser(): Promise<CompanyDTO[] | null> {
  companiesAsked ??= fetch(queryKeyToUrl(queryKeys.companies()), { credentials: "include" }).then(
    (response) => (response.ok ? (response.json() as Promise<CompanyDTO[]>) : null),
    () => null,
  );
  return companiesAsked;
}

/** Asks for the board's first lists; a failure is the screens' to show when they ask again. */
async function prefetchBoard(search: string): Promise<void> {
  const company = await companyToLoad();
  if (!company) return;
  const { startDate, endDate } = jobWindow(
    boardWeek(new URLSearchParams(search).get("week"), localDateString()),
  );
  for (const queryKey of [
    queryKeys.employees(company.id),
    queryKeys.settings(company.id),
    queryKeys.subscription(company.id),
    queryKeys.jobs(company.id, startDate, endDate),
  ]) {
    void queryClient.prefetchQuery({ queryKey });
  }
}

/**
 * This week's jobs of the member's roster employee, for My Day. A day other than this
 * week's (`?day=`) is left to the screen.
 */
async function prefetchMyDay(search: string): Promise<void> {
  if (new URLSearchParams(search).has("day")) return;
  let company = await companyToLoad();
  // Remembered: the roster link is in the companies' answer, asked for already.
  if (company && !company.employeeId) {
    const companies = await queryClient.fetchQuery<CompanyDTO[]>({ queryKey: queryKeys.companies() });
    company = companies.find((candidate) => candidate.id === company?.id);
  }
  if (!company?.employeeId) return;
  const monday = weekStartOf(localDateString());
  await queryClient.prefetchQuery({ queryKey: myWeekJobsKey(company.id, company.employeeId, monday) });
}

// Its failure (offline, an outage) is the screens' to show when they ask again.
signedInUser.catch(() => {});
const { pathname, search } = window.location;
// Every screen but the sign-in page and My Day is drawn inside antd's theme (app/router.tsx).
if (pathname !== "/login" && pathname !== "/my-day") void themedScreens.preload().catch(() => {});
if (pathname === "/schedule") {
  void appLayoutScreen.preload().catch(() => {});
  void scheduleScreen.preload().catch(() => {});
  prefetchBoard(search).catch(() => {});
} else if (pathname === "/my-day") {
  void appLayoutScreen.preload().catch(() => {});
  void myDayScreen.preload().catch(() => {});
  // A failure is the screens' to show when they ask again.
  prefetchMyDay(search).catch(() => {});
} else if (pathname === "/login") {
  void loginScreen.preload().catch(() => {});
}
