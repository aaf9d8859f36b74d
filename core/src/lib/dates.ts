/**
 * The server's calendar helpers: the arithmetic is shared-types' (its one home, shared with
 * the client and the conflict engine); what is only the server's is named here.
 */
import { formatCalendarDate, isoWeekday } from "@sched/shared-types";

export { addDays, daysBetween, toDateString, weekStartOf } from "@sched/shared-types";

/** 0 = Monday ... 6 = Sunday (a template's day of the week). */
export const dayOfWeek = (date: string) => isoWeekday(date) - 1;

/** The history name of a week: "Week of Nov 23, 2026". */
export const weekName = (weekStart: string) => `Week of ${formatCalendarDate(weekStart)}`;
