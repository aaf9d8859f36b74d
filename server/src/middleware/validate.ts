/**
 * Validates a request part with a shared zod schema and replaces it with the
 * parsed value. The first issue's message is the response message, so that SPEC's
 * exact words ("Initials must be 3 characters or less") reach the client.
 */
import type { NextFunction, Request, Response } from "express";
import type { z } from "zod";
import { BadRequest } from "../errors";

type Part = "body" | "query" | "params";

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  throw new BadRequest(errors[0]?.message ?? "Invalid request", errors);
}

export function validate<S extends z.ZodType>(schema: S, part: Part = "body") {
  return (req: Request, _res: Response, next: NextFunction) => {
    const parsed = parseOrThrow(schema, part === "body" ? (req.body ?? {}) : req[part]);
    // Express 5 makes req.query a getter; define the parsed value over it.
    Object.defineProperty(req, part, { value: parsed, writable: true, configurable: true, enumerable: true });
    next();
  };
}
