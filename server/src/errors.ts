/**
 * The error model: throw one of these anywhere in a request; the error middleware
 * turns it into `{ message, errors? }` with its status. Anything else is a 500
 * that says nothing about the internals.
 */
import type { ErrorRequestHandler } from "express";
import { logger } from "./logger";

export type FieldError = { path: string; message: string };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export class BadRequest extends HttpError {
  constructor(message = "Bad request", errors?: FieldError[]) {
    super(400, message, errors);
  }
}
export class Unauthorized extends HttpError {
  constructor(message = "Not signed in") {
    super(401, message);
  }
}
export class PaymentRequired extends HttpError {
  constructor(
    message = "Your free trial has ended. Choose a plan on the Subscription page to keep making changes.",
  ) {
    super(402, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = "You do not have permission to do that") {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message = "Conflict") {
    super(409, message);
  }
}
export class Gone extends HttpError {
  constructor(message = "Gone") {
    super(410, message);
  }
}
export class TooLarge extends HttpError {
  constructor(message = "Payload too large") {
    super(413, message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

type BodyParserError = Error & { type?: string; status?: number };

export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof HttpError) {
    if (error instanceof TooManyRequests) res.setHeader("Retry-After", String(error.retryAfterSeconds));
    res
      .status(error.status)
      .json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    return;
  }
  const parserError = error as BodyParserError;
  if (parserError.type === "entity.too.large") {
    res.status(413).json({ message: "Payload too large" });
    return;
  }
  if (parserError.type === "entity.parse.failed") {
    res.status(400).json({ message: "Malformed JSON body" });
    return;
  }
  logger.error({ err: error, requestId: req.id, url: req.originalUrl }, "unhandled error");
  res.status(500).json({ message: "Internal server error" });
};
