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
import type { ErrorRequestHandler } from "express";
import { clientFault, databaseOutage, databaseRefusal } from "./refusals";

type BodyParserError = Error & { type?: string; status?: number };

/** When a client should try again after a 503: Redis and PostgreSQL reconnect within seconds (docs/reliability.md). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function errorBody(error: AppError): ApiErrorBody {
  return {
    ...error.details,
    message: error.message,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof AppError) {
    if (error instanceof TooManyRequests) res.setHeader("Retry-After", String(error.retryAfterSeconds));
    if (error.status === 503) res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    res.status(error.status).json(errorBody(error));
    return;
  }
  const parserError = error as BodyParserError;
  if (parserError.type === "entity.too.large") {
    res.status(413).json({ message: "Payload too large", code: "too_large" } satisfies ApiErrorBody);
    return;
  }
  if (parserError.type === "entity.parse.failed") {
    res.status(400).json({ message: "Malformed JSON body", code: "validation" } satisfies ApiErrorBody);
    return;
  }
  const fault = clientFault(error);
  if (fault) {
    res.status(fault.status).json(errorBody(fault));
    return;
  }
  const outage = databaseOutage(error);
  if (outage) {
    logger.warn({ err: error, requestId: req.id, url: req.originalUrl }, "database unavailable");
    res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    res.status(outage.status).json(errorBody(outage));
    return;
  }
  const refusal = databaseRefusal(error);
  if (refusal) {
    logger.warn(
      { err: error, requestId: req.id, url: req.originalUrl },
      "database refused the request's data",
    );
    res.status(refusal.status).json(errorBody(refusal));
    return;
  }
  logger.error({ err: error, requestId: req.id, url: req.originalUrl }, "unhandled error");
  res.status(500).json({ message: "Internal server error", code: "internal" } satisfies ApiErrorBody);
};
