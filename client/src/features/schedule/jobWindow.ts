import { EXPORT_DAYS, JOB_FETCH_WINDOW_DAYS } from "@sched/shared-types";
import { addDays } from "./calendarDays";

/**
 * The dates fetched for a week: 4 days either side (docs/schedule.md), taken around the whole week
 * (Monday - 4 to Sunday + 4) so that the week itself is always inside, and stepping a
 * day past either end in the Daily View shows jobs at once. A module of its own, in plain
 * date arithmetic (no dayjs): the board's preload (src/preload.ts) asks for the same list
 * while the app's code is still starting.
 */
export function jobWindow(weekStart: string) {
  return {
    startDate: addDays(weekStart, -JOB_FETCH_WINDOW_DAYS),
    endDate: addDays(weekStart, EXPORT_DAYS - 1 + JOB_FETCH_WINDOW_DAYS),
  };
}
