/**
 * Unsubscribe tokens (docs/customers.md, "Unsubscribe"): `<customer id>.<HMAC-SHA256 of it>`
 * under a key derived from the server secret. Nothing is stored: every e-mail to one
 * customer carries the same working link, the worker and the web make and check it
 * alike, and no one without the secret can make a link for another customer.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";

// A key of its own, so no other use of the secret (sessions, invitations) yields one of these.
const tokenKey = createHmac("sha256", config.sessionSecret)
  .update("scheduler/customer-unsubscribe/v1")
  .digest();

const signatureOf = (customerId: string) =>
  createHmac("sha256", tokenKey).update(customerId).digest("base64url");

export function unsubscribeToken(customerId: string): string {
  return `${customerId}.${signatureOf(customerId)}`;
}

const TOKEN_SHAPE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/** The customer id a token was made for, or undefined when it is malformed or forged. */
export function customerIdOfToken(token: string): string | undefined {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return undefined;
  const [, customerId, signature] = match;
  const expected = Buffer.from(signatureOf(customerId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? customerId : undefined;
}

/** The page the e-mail links to; it asks the API to unsubscribe (docs/api.md). */
export const unsubscribeLink = (customerId: string) =>
  `${config.appUrl}/unsubscribe/${unsubscribeToken(customerId)}`;

/** Where a mail client's one-click unsubscribe (RFC 8058) posts to. */
export const unsubscribeApiUrl = (customerId: string) =>
  `${config.appUrl}/api/unsubscribe/${unsubscribeToken(customerId)}`;
