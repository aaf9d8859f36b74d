/**
 * The one home of calendar arithmetic on yyyy-MM-dd strings (docs/schedule.md): the server,
 * the worker, the client and the conflict engine all count days here. A date is read as
 * midnight UTC, so no time zone or daylight-saving change can move it; a day that a month
 * does not have rolls over (2030-02-31 is March 3), as `Date.UTC` and dayjs read it.
 */

const MS_PER_DAY = 86_400_000;

/** The years a calendar date may fall in: every real schedule, and nothing PostgreSQL's date type refuses. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2999;

/** yyyy-MM-dd with a month from 01 to 12 and a day from 01 to 31; whether the month has that day is checked next. */
export const DATE_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for a yyyy-MM-dd date that exists (2024-02-29 yes, 2026-02-30 no) in the years 1900 to 2999. */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX && day <= daysInMonth(year, month);
}

/** Days since 1970-01-01 of a yyyy-MM-dd date (NaN when it is not one). */
export function epochDay(date: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return Math.floor(Date.UTC(year ?? Number.NaN, (month ?? Number.NaN) - 1, day ?? Number.NaN) / MS_PER_DAY);
}

/** The UTC instant at the start of `date`. */
const utcMidnight = (date: string) => new Date(epochDay(date) * MS_PER_DAY);

/** The calendar date of `instant` in UTC. */
export const toDateString = (instant: Date) => instant.toISOString().slice(0, 10);

/** The calendar date of `instant` on this machine's clock (the person's "today" in a browser). */
export function localDateString(instant: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** The date `days` calendar days after `date` (before it when negative). */
export const addDays = (date: string, days: number) =>
  toDateString(new Date(utcMidnight(date).getTime() + days * MS_PER_DAY));

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => epochDay(to) - epochDay(from);

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => ((((epochDay(date) + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday

/** The Monday of the week containing `date` (weeks start on Monday). */
export const weekStartOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/** `count` consecutive dates from `start`: Monday to Sunday of a week by default. */
export const weekDates = (start: string, count = 7) =>
  Array.from({ length: count }, (_, offset) => addDays(start, offset));

/** Minutes since midnight of an "HH:mm" wall-clock time ("09:30" is 570). */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** "HH:mm" of `minutes` since midnight: 570 is "09:30", and the end of the day, 1440, "24:00". */
export const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

let mediumDate: Intl.DateTimeFormat | undefined;

/** "Nov 23, 2026" */
export function formatCalendarDate(date: string): string {
  // Made on first use, not at import: a page's first Intl formatter loads ICU's data (50 ms
  // and more of a slow CPU), which a page that shows no such date must not pay for.
  mediumDate ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return mediumDate.format(utcMidnight(date));
}
