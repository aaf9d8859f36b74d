/**
 * Password reset tokens (docs/auth.md), made like invitation
 * tokens: HMAC-SHA256(key, reset id), 32 bytes, base64url. The database keeps only the
 * token's SHA-256 and the queue only the reset's id; the worker derives the same token
 * again when it sends, so a retried e-mail carries the same working link.
 */
import { createHmac } from "node:crypto";
import { PASSWORD_RESET_TTL_MINUTES } from "@sched/shared-types";
import { config } from "../config";

// A key of its own, so no other use of the server secret can produce a reset token.
const tokenKey = createHmac("sha256", config.sessionSecret)
  .update("scheduler/password-reset-token/v1")
  .digest();

/** The link token of a reset; only the web and worker processes, which hold the secret, can make it. */
export function passwordResetToken(resetId: string): string {
  return createHmac("sha256", tokenKey).update(resetId).digest("base64url");
}

export function passwordResetLink(token: string): string {
  return `${config.appUrl}/reset-password/${token}`;
}

export function passwordResetExpiry(now = new Date()): Date {
  return new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000);
}
