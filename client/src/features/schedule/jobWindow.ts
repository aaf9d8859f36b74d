import { EXPORT_DAYS, JOB_FETCH_WINDOW_DAYS } from "@sched/shared-types";
import dayjs from "dayjs";
import { toISODate } from "../../lib/dates";

/**
 * The dates fetched for a week: 4 days either side (docs/schedule.md), taken around the whole week
 * (Monday - 4 to Sunday + 4) so that the week itself is always inside, and stepping a
 * day past either end in the Daily View shows jobs at once. A module of its own: the
 * board's preload (src/preload.ts) asks for the same list before the board's code is loaded.
 */
export function jobWindow(weekStart: string) {
  const monday = dayjs(weekStart);
  return {
    startDate: toISODate(monday.subtract(JOB_FETCH_WINDOW_DAYS, "day")),
    endDate: toISODate(monday.add(EXPORT_DAYS - 1 + JOB_FETCH_WINDOW_DAYS, "day")),
  };
}
