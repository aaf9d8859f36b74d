/**
 * The one error middleware: an AppError becomes `{message, code, errors?, ...details}`
 * with its status; body-parser failures get their codes; other 4xx from the router or
 * parser keep their status and a value the database refuses is a 400 or 409
 * (./refusals.ts); anything else is logged with the request id and
 * answered 500 without details. See docs/api.md.
 */
import { AppError, TooManyRequests } from "@sched/core/errors";
import { logger } from "@sched/core/logger";
import type { ApiErrorBody } from "@sched/shared-types";
import type { ErrorRequestHandler, Request } from "express";
import { clientFault, databaseOutage, databaseRefusal } from "./refusals";
import { maskTokens } from "./token-paths";

type BodyParserError = Error & { type?: string; status?: number; limit?: number };

/** "Request body must be 64 kB or smaller": the route's own limit, in the units people read. */
export function bodyTooLargeMessage(limitBytes: number): string {
  const size =
    limitBytes >= 1024 * 1024
      ? `${Math.round(limitBytes / (1024 * 1024))} MB`
      : `${Math.round(limitBytes / 1024)} kB`;
  return `Request body must be ${size} or smaller`;
}

/** When a client should try again after a 503: Redis and PostgreSQL reconnect within seconds (docs/reliability.md). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function errorBody(error: AppError): ApiErrorBody {
  return {
    ...error.details,
    message: error.message,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

/** What an error answers: its status, any header it adds, and the JSON body. */
type ErrorAnswer = { status: number; headers: Record<string, string>; body: ApiErrorBody };

/** Where an error happened, for the log. */
type ErrorContext = { requestId: string | undefined; url: string };

/** The answer to an error, logged as it deserves (docs/api.md). */
function errorAnswer(error: unknown, { requestId, url }: ErrorContext): ErrorAnswer {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error instanceof TooManyRequests) headers["Retry-After"] = String(error.retryAfterSeconds);
    if (error.status === 503) headers["Retry-After"] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
    return { status: error.status, headers, body: errorBody(error) };
  }
  const parserError = error as BodyParserError;
  if (parserError.type === "entity.too.large") {
    const message = parserError.limit ? bodyTooLargeMessage(parserError.limit) : "Payload too large";
    return { status: 413, headers: {}, body: { message, code: "too_large" } };
  }
  if (parserError.type === "entity.parse.failed") {
    return { status: 400, headers: {}, body: { message: "Malformed JSON body", code: "validation" } };
  }
  const fault = clientFault(error);
  if (fault) return { status: fault.status, headers: {}, body: errorBody(fault) };
  const outage = databaseOutage(error);
  if (outage) {
    logger.warn({ err: error, requestId, url }, "database unavailable");
    const headers = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) };
    return { status: outage.status, headers, body: errorBody(outage) };
  }
  const refusal = databaseRefusal(error);
  if (refusal) {
    logger.warn({ err: error, requestId, url }, "database refused the request's data");
    const headers: Record<string, string> =
      refusal.status === 503 ? { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } : {};
    return { status: refusal.status, headers, body: errorBody(refusal) };
  }
  logger.error({ err: error, requestId, url }, "unhandled error");
  return { status: 500, headers: {}, body: { message: "Internal server error", code: "internal" } };
}

/** What `error` answers to `req`, logged once; the idempotency keys keep it too (./idempotency.ts). */
export function answerToError(error: unknown, req: Request): ErrorAnswer {
  // The same masking as the access log's: a path's token is a credential.
  return errorAnswer(error, { requestId: req.id, url: maskTokens(req.originalUrl) });
}

export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  const answer = answerToError(error, req);
  res.set(answer.headers).status(answer.status).json(answer.body);
};
