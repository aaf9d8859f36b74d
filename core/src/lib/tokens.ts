/**
 * Secret link tokens (invitation links, calendar feed addresses): 32 bytes, base64url.
 * The database keeps only a token's SHA-256, so a dump holds no working link; a value of
 * any other shape is never looked up at all.
 */
import { createHash } from "node:crypto";

/** What the database stores for a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token has this shape (43 base64url characters). */
export const isWellFormedToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
