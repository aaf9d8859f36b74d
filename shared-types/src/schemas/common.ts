import { z } from "zod";
import { DATE_PATTERN, DATE_YEAR_MAX, DATE_YEAR_MIN, isCalendarDate } from "../dates";

/**
 * The one id schema of the API: a UUID, kept in lower case whatever case it was sent in,
 * so an id names one row, one socket room and one cache key however a caller spells it
 * (an upper-case X-Company-Id once split the system: docs/api.md).
 */
export const canonicalId = (params?: Parameters<typeof z.uuid>[0]) => z.uuid(params).toLowerCase();

export const ZId = canonicalId({ message: "Invalid id" });
export const ZCompanyId = canonicalId({ message: "Company id is required" });

/** An id read from a path: any string (a malformed one is simply not found), in lower case like every id. */
export const ZPathId = z.string().toLowerCase();

/**
 * The one date schema of the API (docs/api.md): a plain calendar date
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
export const ZIdParams = z.object({ id: ZPathId });

// What answers carry: checked by the tests that parse presenters' output (server/test/response-schemas.test.ts).

/** A row's id in an answer. */
export const ZRowId = z.guid();

/** A moment in an answer: ISO 8601 with its offset, as Date.toISOString() writes it. */
export const ZMomentText = z.iso.datetime({ offset: true });

/** A calendar date in an answer: yyyy-MM-dd. */
export const ZDateText = z.iso.date();
