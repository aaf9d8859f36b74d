/**
 * The first requests of a load of /schedule (docs/schedule.md, "The first paint"). The early
 * script (./main.ts) sends them the moment the page starts, before the app's own code has
 * loaded: who am I and, when a company is remembered on this device, its companies, roster,
 * settings and the week's jobs. The app's queries take the answers (lib/api.ts) instead of
 * asking again, and the board preview (./boardPreview.ts) paints from them.
 *
 * Light on purpose: this runs on every load of the board, ahead of everything else.
 */
import { COMPANY_HEADER, SELECTED_COMPANY_KEY } from "@sched/shared-types";
import type { QueryKey } from "@tanstack/react-query";
import { localToday, requestedWeek } from "../features/schedule/calendarDays";
import { jobWindow } from "../features/schedule/jobWindow";
import { boardKeys } from "../lib/boardKeys";
import { isCompanyId } from "../lib/companyId";
import { queryKeyToUrl } from "../lib/queryUrl";
import {
  BOARD_LISTS,
  type BoardList,
  type BoardQueries,
  type EarlyAnswer,
  earlyRequests,
} from "./earlyAnswers";

function ask(queryKey: QueryKey, companyId: string | null): Promise<EarlyAnswer> {
  const url = queryKeyToUrl(queryKey);
  // The headers every API call of the app carries (lib/api.ts).
  const answer = fetch(url, {
    headers: companyId ? { [COMPANY_HEADER]: companyId } : {},
    credentials: "include",
  }).then(
    async (response): Promise<EarlyAnswer> =>
      response.ok
        ? { ok: true, data: await response.json() }
        : { ok: false, status: response.status, text: (await response.text()) || response.statusText },
  );
  // The query that takes the answer reads its failure; untaken, it must not surface.
  answer.catch(() => {});
  earlyRequests().answers.set(url, answer);
  return answer;
}

function rememberedCompany(): string | null {
  try {
    const companyId = window.localStorage.getItem(SELECTED_COMPANY_KEY);
    return isCompanyId(companyId) ? companyId : null;
  } catch {
    // Storage refused (private mode): the app asks once it has started.
    return null;
  }
}

/**
 * On /schedule: asks for the user and, with a remembered company, for the board's lists
 * (undefined elsewhere, or with no company remembered).
 */
export function askForBoard(): BoardQueries | undefined {
  if (window.location.pathname !== "/schedule") return undefined;
  const companyId = rememberedCompany();
  const user = ask(boardKeys.user(), companyId);
  // A signed-out visitor's lists answer 401; the app then drops them unread.
  if (!companyId) return undefined;
  const weekStart = requestedWeek(window.location.search, localToday());
  const { startDate, endDate } = jobWindow(weekStart);
  const keys: Record<BoardList, QueryKey> = {
    companies: boardKeys.companies(),
    employees: boardKeys.employees(companyId),
    settings: boardKeys.settings(companyId),
    jobs: boardKeys.jobs(companyId, startDate, endDate),
  };
  const answers = Object.fromEntries(BOARD_LISTS.map((list) => [list, ask(keys[list], companyId)])) as Record<
    BoardList,
    Promise<EarlyAnswer>
  >;
  const board = { companyId, weekStart, keys, user, answers };
  earlyRequests().board = board;
  return board;
}
