/**
 * Dates as the screens show them, with dayjs. Weeks start on Monday; API dates are
 * yyyy-MM-dd, counted in shared-types (its dates.ts, the one home of that arithmetic).
 */
import { addDays, GRID_DAYS, weekDates, weekStartOf } from "@sched/shared-types";
import dayjs, { type ConfigType, type Dayjs } from "dayjs";

export const ISO_DATE_FORMAT = "YYYY-MM-DD";

/** The calendar date as the API writes it: yyyy-MM-dd. */
export function toISODate(date: ConfigType): string {
  return dayjs(date).format(ISO_DATE_FORMAT);
}

/** Monday 00:00 (local time) of the week that contains `date`. */
export function weekStart(date: ConfigType = undefined): Dayjs {
  return dayjs(weekStartOf(toISODate(date)));
}

/** The Monday of the week `weeks` away from the week of `start` (negative steps back). */
export function shiftWeek(start: ConfigType, weeks: number): Dayjs {
  return dayjs(addDays(weekStartOf(toISODate(start)), weeks * 7));
}

/** `count` consecutive days from `start`: the grid's Monday to Saturday by default. */
export function weekDays(start: ConfigType, count: number = GRID_DAYS): Dayjs[] {
  return weekDates(toISODate(start), count).map((date) => dayjs(date));
}

/** "Jan 6 – Jan 11, 2025", or "Dec 29, 2025 – Jan 3, 2026" when the range crosses a year. */
export function weekRangeLabel(start: ConfigType, days: number = GRID_DAYS): string {
  const first = dayjs(start);
  const last = first.add(days - 1, "day");
  const firstFormat = first.year() === last.year() ? "MMM D" : "MMM D, YYYY";
  return `${first.format(firstFormat)} – ${last.format("MMM D, YYYY")}`;
}

/** "Mon, Jan 6". */
export function formatDay(date: ConfigType): string {
  return dayjs(date).format("ddd, MMM D");
}

/** "2:30 PM" for a wall-clock "HH:mm"; anything else is returned unchanged. */
export function formatTime(time: string): string {
  return /^\d{2}:\d{2}$/.test(time) ? dayjs(`2000-01-01T${time}`).format("h:mm A") : time;
}

/** "Jan 6, 2025". */
export function formatDate(date: ConfigType): string {
  return dayjs(date).format("MMM D, YYYY");
}

/** "Jan 6, 2025, 2:30 PM" for an ISO timestamp. */
export function formatDateTime(date: ConfigType): string {
  return dayjs(date).format("MMM D, YYYY, h:mm A");
}

/** The IANA time zone this browser runs in ("America/Chicago"); undefined when it cannot say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
