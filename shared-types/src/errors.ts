/**
 * The error vocabulary between server and client: every error answer of the API is
 * `{message, code, errors?}` (plus named extra fields on some codes). Clients branch on
 * `code`; `message` is the sentence a person reads. See docs/api.md.
 */
export const ERROR_CODES = [
  "validation",
  "unauthorized",
  "payment_required",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "insecure_connection",
  "conflict",
  "gone",
  "too_large",
  "rate_limited",
  "internal",
  "bad_gateway",
  "unavailable",
  "idempotency_key_reused",
  "stale",
  "locked",
  /** An arrival window taken by someone else meanwhile: the customer picks another (docs/visits.md). */
  "window_taken",
  /** An approved quote's job the office (or the customer) already put on the board (docs/quotes.md). */
  "already_scheduled",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldError = { path: string; message: string };

export type ApiErrorBody = {
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
  /** Extra facts some answers carry, e.g. an employee delete's counts. */
  [extra: string]: unknown;
};

/** The 409 of a save made on an older version: `current` is the row as it is now (docs/api.md). */
export type StaleErrorBody<T> = { message: string; code: "stale"; current: T };
