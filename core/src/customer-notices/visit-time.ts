/**
 * When a visit happens and how its time reads in an e-mail (docs/customers.md):
 * a job's date and time are the company's wall clock, so its instant depends on
 * the company's time zone, and its words on the company's country (12-hour in the US).
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
 * "HH:mm" as people in `country` read a clock, in English: "2:30 PM" in the US, "14:30" in
 * Britain or Germany (Intl's `en-<country>`).
 */
export function formatClock(time: string, country: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const instant = new Date(Date.UTC(1970, 0, 1, hours, minutes));
  try {
    return new Intl.DateTimeFormat(`en-${country}`, { hour: "numeric", minute: "2-digit", timeZone: "UTC" })
      .format(instant)
      .replace(/[\u202f\u00a0]/g, " ");
  } catch {
    return time;
  }
}

/**
 * A calendar date in words ("Tuesday, April 8, 2031"): a date, not an instant, so it is read
 * as UTC midnight and never shifted by a time zone.
 */
export const formatCalendarDate = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { ...options, timeZone: "UTC" });
