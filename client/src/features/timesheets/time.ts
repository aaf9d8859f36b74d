/**
 * Hours and times as the timesheets show them (docs/timesheets.md): minutes as "7h 30m",
 * instants as the company's time zone shows them, and a wall clock (shared-types'
 * `wallClock`) back to an instant for a correction. Intl does the zone arithmetic.
 */
import { type TimesheetDayDTO, type TimesheetDTO, wallClock } from "@sched/shared-types";
import { formatDay } from "../../lib/dates";

/** 450 -> "7h 30m"; 0 -> "0h". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}h` : `${hours}h ${String(rest).padStart(2, "0")}m`;
}

/** One formatter per time zone (making one costs about a millisecond; My Day's clock asks on every render). */
const timesOfDay = new Map<string, Intl.DateTimeFormat>();

/** An instant as "8:05 AM" in `timeZone`. */
export function timeOfDay(instant: string, timeZone: string): string {
  let format = timesOfDay.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone });
    timesOfDay.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/** The day an instant falls on in `timeZone`, as the app writes days: "Mon, Dec 7". */
export function dayOf(instant: string, timeZone: string): string {
  return formatDay(wallClock(instant, timeZone).slice(0, 10));
}

/**
 * My Day's line once the day is ended: "Day ended at 5:02 PM · 8h 12m worked", from the
 * day's latest clock-out (a day may be started and ended more than once). Null while
 * nothing of the day was ended.
 */
export function dayEndedText(day: TimesheetDayDTO | undefined, timeZone: string): string | null {
  const ends = (day?.entries ?? []).flatMap((entry) => (entry.clockOut ? [entry.clockOut] : []));
  if (!day || ends.length === 0) return null;
  const last = ends.reduce((latest, end) => (Date.parse(end) > Date.parse(latest) ? end : latest));
  return `Day ended at ${timeOfDay(last, timeZone)} · ${formatMinutes(day.workedMinutes)} worked`;
}

/**
 * The day My Day's clock speaks of: today's, or, when nothing was started today, a shift
 * that began on an earlier day and ended today (a night's work ending after midnight
 * belongs to the day it started, as on the timesheet).
 */
export function shiftDayOf(
  sheet: TimesheetDTO | undefined,
  today: string,
  timeZone: string,
): TimesheetDayDTO | undefined {
  const days = sheet?.days ?? [];
  const started = days.find((day) => day.date === today);
  if (started?.entries.length) return started;
  const endedToday = days.filter((day) =>
    day.entries.some((entry) => entry.clockOut && wallClock(entry.clockOut, timeZone).slice(0, 10) === today),
  );
  return endedToday.at(-1) ?? started;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  return Date.parse(`${wallClock(new Date(instant), timeZone)}:00Z`) - Math.floor(instant / 60000) * 60000;
}

/**
 * The instant a wall clock yyyy-MM-ddTHH:mm shows in `timeZone` (ISO). Guessed with the
 * offset at that moment, then checked once more: right on both sides of a daylight-saving change.
 */
export function instantOf(wall: string, timeZone: string): string {
  const asUtc = Date.parse(`${wall}:00Z`);
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}
