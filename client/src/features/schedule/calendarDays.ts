/**
 * Calendar days as yyyy-MM-dd text, in plain arithmetic on UTC day numbers: no time zone
 * can shift them, and no dayjs is needed. A module of its own so that the early script
 * (src/early/), which runs before the app's code has loaded, takes only these.
 */

const MS_PER_DAY = 86_400_000;

function dayNumber(date: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return Math.floor(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / MS_PER_DAY);
}

/** yyyy-MM-dd `offset` days after `date`, in calendar days (no time zone can shift it). */
export function addDays(date: string, offset: number): string {
  return new Date((dayNumber(date) + offset) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** ISO weekday of a yyyy-MM-dd date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  // 1970-01-01 was a Thursday (ISO weekday 4).
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/** Today in local time, yyyy-MM-dd (as dayjs().format would write it). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The Week View's column head for a date: "Mon" and "Jun 3" (dayjs's "ddd" and "MMM D" in English). */
export function dayHeading(date: string): { weekday: string; date: string } {
  const [, month, day] = date.split("-").map(Number);
  return {
    weekday: WEEKDAYS[isoWeekday(date) - 1] ?? "",
    date: `${MONTHS[(month ?? 1) - 1] ?? ""} ${day ?? ""}`,
  };
}

/** Monday to Sunday of the week starting `weekStart`. */
export function weekDates(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Monday of the week the board shows for a URL's query string (useScheduleParams.ts):
 * its `week` when that is a date, else the week of `today`. An overflowing date rolls
 * over (2030-02-31 is March 3), as dayjs reads it.
 */
export function requestedWeek(search: string, today: string): string {
  const week = new URLSearchParams(search).get("week");
  const date = week !== null && ISO_DATE.test(week) ? week : today;
  return addDays(date, 1 - isoWeekday(date));
}
