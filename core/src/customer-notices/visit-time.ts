/**
 * When a visit happens and how its time reads in an e-mail (docs/customers.md):
 * a job's date and time are the company's wall clock, so its instant depends on
 * the company's time zone; its clock reads in the company's format (formatClock in shared-types).
 */
import { DateTime } from "luxon";

/** The instant the visit starts, read in the company's time zone. */
export function visitStart(date: string, time: string, timeZone: string): Date {
  return DateTime.fromISO(`${date}T${time}`, { zone: timeZone }).toJSDate();
}

/** True when the visit's start is already past: no customer is told of a visit in the past. */
export const isVisitPast = (date: string, time: string, timeZone: string, now = new Date()) =>
  visitStart(date, time, timeZone).getTime() < now.getTime();

/**
 * A calendar date in words ("Tuesday, April 8, 2031"): a date, not an instant, so it is read
 * as UTC midnight and never shifted by a time zone.
 */
export const formatCalendarDate = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { ...options, timeZone: "UTC" });
