/**
 * Which dates the board asks for: the week a URL names, and the jobs fetched around it.
 */
import {
  addDays,
  EXPORT_DAYS,
  isCalendarDate,
  JOB_FETCH_WINDOW_DAYS,
  weekStartOf,
} from "@sched/shared-types";

/** The Monday of the week the board shows: that of the URL's `?week=` when it is a date, else of `today`. */
export function boardWeek(weekParam: string | null, today: string): string {
  return weekStartOf(weekParam !== null && isCalendarDate(weekParam) ? weekParam : today);
}

/**
 * The dates fetched for a week: 4 days either side (docs/schedule.md), taken around the whole week
 * (Monday - 4 to Sunday + 4) so that the week itself is always inside, and stepping a
 * day past either end in the Daily View shows jobs at once.
 */
export function jobWindow(weekStart: string) {
  return {
    startDate: addDays(weekStart, -JOB_FETCH_WINDOW_DAYS),
    endDate: addDays(weekStart, EXPORT_DAYS - 1 + JOB_FETCH_WINDOW_DAYS),
  };
}
