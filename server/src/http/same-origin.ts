/**
 * Refuses a state-changing request that a browser sent from another origin (a
 * CSRF defence on top of SameSite=Lax cookies). Requests without an Origin header
 * come from non-browser clients, which cannot carry a victim's cookie.
 */

import { config } from "@sched/core/config";
import { Forbidden } from "@sched/core/errors";
import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The app's own origins: APP_URL, and the host the request was addressed to. */
export function isOwnOrigin(origin: string, host: string | undefined, protocol = "http"): boolean {
  if (origin === config.appOrigin) return true;
  if (!host) return false;
  return origin === `${protocol}://${host}` || origin === `http://${host}` || origin === `https://${host}`;
}

export function sameOrigin(req: Request, _res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const origin = req.get("origin");
  if (origin && !isOwnOrigin(origin, req.get("host"), req.protocol)) {
    throw new Forbidden("Cross-origin request refused");
  }
  next();
}
