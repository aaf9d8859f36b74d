/** Calendar helpers. Weeks start on Monday; API dates are yyyy-MM-dd. */
import { GRID_DAYS } from "@sched/shared-types";
import dayjs, { type ConfigType, type Dayjs } from "dayjs";
import { formatTime } from "./timeText";

export { formatTime };

export const ISO_DATE_FORMAT = "YYYY-MM-DD";

/** The calendar date as the API writes it: yyyy-MM-dd. */
export function toISODate(date: ConfigType): string {
  return dayjs(date).format(ISO_DATE_FORMAT);
}

/** Monday 00:00 (local time) of the week that contains `date`. */
export function weekStart(date: ConfigType = undefined): Dayjs {
  const day = dayjs(date).startOf("day");
  // dayjs counts Sunday as 0; Monday-based offset is (day + 6) % 7.
  return day.subtract((day.day() + 6) % 7, "day");
}

/** The Monday of the week `weeks` away from the week of `start` (negative steps back). */
export function shiftWeek(start: ConfigType, weeks: number): Dayjs {
  return weekStart(start).add(weeks, "week");
}

/** `count` consecutive days from `start`: the grid's Monday to Saturday by default. */
export function weekDays(start: ConfigType, count: number = GRID_DAYS): Dayjs[] {
  const first = dayjs(start).startOf("day");
  return Array.from({ length: count }, (_, index) => first.add(index, "day"));
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
