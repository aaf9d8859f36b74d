/**
 * Dates as the screens show them, with dayjs. Weeks start on Monday; API dates are
 * yyyy-MM-dd, counted in shared-types (its dates.ts, the one home of that arithmetic).
 */
import {
  addDays,
  formatClock,
  GRID_DAYS,
  type TimeFormat,
  weekDates,
  weekStartOf,
} from "@sched/shared-types";
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

/**
 * The company's time format, set when its settings load (entities/company/timeFormat.ts):
 * one format for every screen, as in the bell and the e-mails. 12-hour until then.
 */
let timeFormat: TimeFormat = "12h";

export function setTimeFormat(format: TimeFormat): void {
  timeFormat = format;
}

/** The company's time format as set (for words made elsewhere, such as "Arrive 9–11 AM"). */
export const currentTimeFormat = (): TimeFormat => timeFormat;

/** "2:30 PM" (or "14:30": the company's format) for a wall-clock "HH:mm"; anything else is returned unchanged. */
export function formatTime(time: string): string {
  return /^\d{2}:\d{2}$/.test(time) ? formatClock(time, timeFormat) : time;
}

/** An hour's label on a timeline: "2 PM", or "14:00" in the 24-hour format. */
export function formatHour(time: string): string {
  const label = formatTime(time);
  return timeFormat === "12h" ? label.replace(":00 ", " ") : label;
}

/** "2:30 PM" (or "14:30") for an instant, on this device's clock. */
export function formatTimeOf(date: ConfigType): string {
  return formatClock(dayjs(date).format("HH:mm"), timeFormat);
}

/** "Jan 6, 2025". */
export function formatDate(date: ConfigType): string {
  return dayjs(date).format("MMM D, YYYY");
}

/** "Jan 6, 2025, 2:30 PM" (or "…, 14:30") for an ISO timestamp. */
export function formatDateTime(date: ConfigType): string {
  return `${dayjs(date).format("MMM D, YYYY")}, ${formatTimeOf(date)}`;
}

/** The IANA time zone this browser runs in ("America/Chicago"); undefined when it cannot say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
