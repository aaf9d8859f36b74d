/**
 * Refuses a JSON body with a lone UTF-16 surrogate in any text or key, before any route
 * runs (shared-types/src/well-formed-text.ts): stored, it would silently become U+FFFD.
 */
import { BadRequest } from "@sched/core/errors";
import { LONE_SURROGATE_MESSAGE, pathOfLoneSurrogate } from "@sched/shared-types";
import type { RequestHandler } from "express";

export const refuseBrokenText: RequestHandler = (req, _res, next) => {
  // Only parsed JSON is walked: a raw body (the Stripe webhook's bytes) is not text.
  const path = Buffer.isBuffer(req.body) ? undefined : pathOfLoneSurrogate(req.body);
  if (path === undefined) return next();
  next(new BadRequest(LONE_SURROGATE_MESSAGE, [{ path, message: LONE_SURROGATE_MESSAGE }]));
};
