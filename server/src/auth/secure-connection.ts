/**
 * The session cookie and the connection it travels on (docs/auth.md). With an
 * https APP_URL the cookie is Secure, and a browser drops a Secure cookie sent over plain
 * http: a sign-in would answer 200 and leave the person signed out. So a request that is
 * not https, by its own TLS or by the X-Forwarded-Proto of a trusted proxy (TRUST_PROXY),
 * is refused with a reason. With an http APP_URL in production the start says plainly
 * that the cookie is not Secure.
 */
import { config } from "@sched/core/config";
import { AppError } from "@sched/core/errors";
import { logger } from "@sched/core/logger";
import type { Request } from "express";

export const INSECURE_CONNECTION = `This server signs in only over https (APP_URL is ${config.appUrl}), and this request came over plain http. Open ${config.appUrl} instead; behind a proxy that ends TLS, set TRUST_PROXY so its X-Forwarded-Proto counts.`;

class InsecureConnection extends AppError {
  constructor() {
    super(403, "insecure_connection", INSECURE_CONNECTION);
  }
}

/** Before a sign-in sets the cookie: 403 `insecure_connection` when the browser would drop it. */
export function assertSecureConnection(req: Request): void {
  if (config.isHttps && !req.secure) throw new InsecureConnection();
}

/** At start: a production server on a plain-http address sends its session cookie without Secure. */
export function warnWhenCookieIsNotSecure(): void {
  if (!config.isProduction || config.isHttps) return;
  logger.warn(
    { appUrl: config.appUrl },
    "APP_URL is http: the session cookie is NOT Secure and travels unencrypted. Serve the app over https and set APP_URL to its https address.",
  );
}
