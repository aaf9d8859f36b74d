import { z } from "zod";

export const ZId = z.uuid({ message: "Invalid id" });
export const ZCompanyId = z.uuid({ message: "Company id is required" });

/** The years a calendar date may fall in: every real schedule, and nothing PostgreSQL's date type refuses. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2999;

/** yyyy-MM-dd with a month from 01 to 12 and a day from 01 to 31; whether the month has that day is checked next. */
const DATE_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

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

/**
 * The one date schema of the API (docs/api.md, "Input rules"): a plain calendar date
 * yyyy-MM-dd that no time zone can move, named after its field so the message says
 * which date is wrong. A day the month does not have is refused, never rolled over
 * into the next month.
 */
export const calendarDate = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .min(1, { message: `${label} is required`, abort: true })
    .regex(DATE_PATTERN, { message: `${label} must be yyyy-MM-dd`, abort: true })
    .refine(isCalendarDate, {
      message: `${label} must be a real calendar date between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`,
      abort: true,
    });

/** A date field whose message calls it "Date". */
export const ZDate = calendarDate("Date");

/** A plain wall-clock time HH:mm. */
export const ZTime = z
  .string({ message: "Time is required" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Time must be HH:mm" });

export const ZEmail = z.email({ message: "Invalid email address" });

/** A path `/:id`: any string; a malformed id is simply not found (404), never a 400 or 500. */
export const ZIdParams = z.object({ id: z.string() });
