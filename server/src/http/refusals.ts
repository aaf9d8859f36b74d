/**
 * Errors that are the request's fault although they come from below the routes
 * (docs/api.md), so that they never answer 500:
 *   - what the router or the body parser refuses (a path that is not valid percent-encoding,
 *     a charset or content encoding it cannot read) keeps its 4xx status;
 *   - a value PostgreSQL refuses is the backstop behind the schemas: every known rule is
 *     checked before a write with its own words, and a refusal that still comes from the
 *     database answers a plain 400 or 409, logged at warn so the missing check can be added.
 */
import { AppError, BadRequest, Conflict, Unavailable } from "@sched/core/errors";

export const MALFORMED_URL = "Malformed URL";
export const INVALID_VALUE = "Invalid value";
export const ALREADY_EXISTS = "This already exists";
export const DATABASE_UNAVAILABLE = "The database is not answering. Try again in a moment.";
export const BREAKS_A_RULE = "This change conflicts with the current state of the data";

export const TRY_AGAIN = "Another change to the same records was saved at the same moment. Try again.";

/** SQLSTATE codes; class 22 is "data exception" (a bad date, text, number or encoding). */
const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";
/** A row this one refers to was deleted meanwhile (e.g. an employee removed while a job is saved). */
const FOREIGN_KEY_VIOLATION = "23503";
const DATA_EXCEPTION_CLASS = "22";
/**
 * Two transactions each waiting for a row the other holds (a deadlock), or a serialization
 * failure: PostgreSQL rolled this one back and saved nothing, and the same request again
 * succeeds. E.g. a job's completion changed (its row, then its invoice's, by the work-done
 * trigger of migration 0047) while a payment settles that invoice (the invoice, then its jobs).
 */
const ROLLED_BACK_TRY_AGAIN = new Set(["40P01", "40001"]);

const fieldOf = (value: unknown, name: string): unknown =>
  value && typeof value === "object" && name in value ? Reflect.get(value, name) : undefined;

/** SQLSTATE classes and driver messages of a database that is down or restarting. */
const CONNECTION_CLASS = "08";
const SHUTTING_DOWN = new Set(["57P01", "57P02", "57P03"]);
const LOST_CONNECTION =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|Connection terminated|timeout exceeded when trying to connect/i;

/** A database that cannot be reached: 503 with Retry-After, like a Redis outage (docs/reliability.md). */
export function databaseOutage(error: unknown): AppError | undefined {
  const state = sqlStateOf(error);
  if (state && (state.startsWith(CONNECTION_CLASS) || SHUTTING_DOWN.has(state))) {
    return new Unavailable(DATABASE_UNAVAILABLE);
  }
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const message = fieldOf(current, "message");
    const code = fieldOf(current, "code");
    if ((typeof message === "string" && LOST_CONNECTION.test(message)) || code === "ECONNREFUSED") {
      return new Unavailable(DATABASE_UNAVAILABLE);
    }
    current = fieldOf(current, "cause");
  }
  return undefined;
}

/** A 4xx raised by Express's router or body parser (http-errors style `status`), as an answer. */
export function clientFault(error: unknown): AppError | undefined {
  const status = fieldOf(error, "status");
  if (typeof status !== "number" || status < 400 || status > 499) return undefined;
  if (error instanceof URIError) return new BadRequest(MALFORMED_URL);
  const message = fieldOf(error, "expose") === true ? fieldOf(error, "message") : undefined;
  if (status === 413) return new AppError(413, "too_large", "Payload too large");
  return new AppError(status, "validation", typeof message === "string" ? message : "Bad request");
}

/** Drizzle wraps the driver's error: the SQLSTATE is on it or on one of its causes. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = fieldOf(current, "code");
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && "severity" in current) return code;
    current = fieldOf(current, "cause");
  }
  return undefined;
}

/** The answer for a database refusal caused by the request's data, or undefined for anything else. */
export function databaseRefusal(error: unknown): AppError | undefined {
  const state = sqlStateOf(error);
  if (!state) return undefined;
  if (state.startsWith(DATA_EXCEPTION_CLASS)) return new BadRequest(INVALID_VALUE);
  if (state === UNIQUE_VIOLATION) return new Conflict(ALREADY_EXISTS);
  if (state === CHECK_VIOLATION || state === FOREIGN_KEY_VIOLATION) return new Conflict(BREAKS_A_RULE);
  if (ROLLED_BACK_TRY_AGAIN.has(state)) return new Unavailable(TRY_AGAIN);
  return undefined;
}
