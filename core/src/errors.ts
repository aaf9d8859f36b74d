/**
 * The error model: a command, a query or a route throws one of these; the web process
 * answers it as `{message, code, errors?, ...details}` with its status (docs/api.md).
 * Anything else is a 500 that says nothing about the internals.
 */
import type { ErrorCode, FieldError } from "@sched/shared-types";

export type { FieldError };

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Extra fields of the answer (counts, an existing id...). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class BadRequest extends AppError {
  constructor(message = "Bad request", errors?: FieldError[]) {
    super(400, "validation", message, errors);
  }
}
export class Unauthorized extends AppError {
  constructor(message = "Not signed in") {
    super(401, "unauthorized", message);
  }
}
export class PaymentRequired extends AppError {
  constructor(
    message = "Your free trial has ended. Choose a plan on the Subscription page to keep making changes.",
  ) {
    super(402, "payment_required", message);
  }
}
export class Forbidden extends AppError {
  constructor(message = "You do not have permission to do that") {
    super(403, "forbidden", message);
  }
}
export class NotFound extends AppError {
  constructor(message = "Not found") {
    super(404, "not_found", message);
  }
}
export class Conflict extends AppError {
  constructor(message = "Conflict", details?: Record<string, unknown>) {
    super(409, "conflict", message, undefined, details);
  }
}
/** A save made on an older version of the row: `current` is the row as it is now (docs/api.md). */
export class Stale extends AppError {
  constructor(message: string, current: unknown) {
    super(409, "stale", message, undefined, { current });
  }
}
/** A change of something approved and so locked until it is reopened (docs/timesheets.md). */
export class Locked extends AppError {
  constructor(message: string) {
    super(409, "locked", message);
  }
}
/** The arrival window asked for has no technician free any more (booking, reschedule): pick another. */
export class WindowTaken extends AppError {
  constructor(message = "That window was just taken: please pick another") {
    super(409, "window_taken", message);
  }
}
export class Gone extends AppError {
  constructor(message = "Gone") {
    super(410, "gone", message);
  }
}
/** An Idempotency-Key already used by this user for another request (docs/api.md). */
export class IdempotencyKeyReused extends AppError {
  constructor(message = "This Idempotency-Key was already used for a different request") {
    super(422, "idempotency_key_reused", message);
  }
}
export class TooLarge extends AppError {
  constructor(message = "Payload too large") {
    super(413, "too_large", message);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, "rate_limited", message);
  }
}
/** Something this server relies on (a payment provider, a plan's price) is missing or refused. */
export class Unavailable extends AppError {
  constructor(message: string) {
    super(503, "unavailable", message);
  }
}
export class BadGateway extends AppError {
  constructor(message: string) {
    super(502, "bad_gateway", message);
  }
}
