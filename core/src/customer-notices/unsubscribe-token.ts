/**
 * Unsubscribe tokens (docs/customers.md), HMAC-SHA256 under a key derived
 * from the server secret. Nothing is stored: every e-mail to one person carries the same
 * working link, the worker and the web make and check it alike, and no one without the
 * secret can make a link for someone else.
 * - To a customer: `<customer id>.<signature>`.
 * - To an address typed on a job, with no customer: `<company id>.<address, base64url>.<signature>`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";

// A key of its own, so no other use of the secret (sessions, invitations) yields one of these.
const tokenKey = createHmac("sha256", config.sessionSecret)
  .update("scheduler/customer-unsubscribe/v1")
  .digest();

const signatureOf = (payload: string) => createHmac("sha256", tokenKey).update(payload).digest("base64url");

/** Who a notice is addressed to: a customer of the company, or only an address (customerId null). */
export type Addressee = { companyId: string; customerId: string | null; email: string };

const addressPayload = (companyId: string, email: string) =>
  `${companyId}.${Buffer.from(email.toLowerCase()).toString("base64url")}`;

export function unsubscribeToken(to: Addressee): string {
  const payload = to.customerId ?? addressPayload(to.companyId, to.email);
  // The address form signs a prefix too, so no payload of one form is valid in the other.
  return `${payload}.${signatureOf(to.customerId ? payload : `address:${payload}`)}`;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const CUSTOMER_TOKEN = new RegExp(`^(${UUID})\\.([A-Za-z0-9_-]{43})$`);
const ADDRESS_TOKEN = new RegExp(`^(${UUID})\\.([A-Za-z0-9_-]{1,700})\\.([A-Za-z0-9_-]{43})$`);

const isSigned = (signed: string, signature: string) => {
  const expected = Buffer.from(signatureOf(signed));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** Whom a token was made for, or undefined when it is malformed or forged. */
export function addresseeOfToken(
  token: string,
): { customerId: string } | { companyId: string; email: string } | undefined {
  const customer = CUSTOMER_TOKEN.exec(token);
  if (customer) return isSigned(customer[1], customer[2]) ? { customerId: customer[1] } : undefined;
  const address = ADDRESS_TOKEN.exec(token);
  if (!address) return undefined;
  const [, companyId, encoded, signature] = address;
  if (!isSigned(`address:${companyId}.${encoded}`, signature)) return undefined;
  return { companyId, email: Buffer.from(encoded, "base64url").toString() };
}

/** The page the e-mail links to; it asks the API to unsubscribe (docs/api.md). */
export const unsubscribeLink = (to: Addressee) => `${config.appUrl}/unsubscribe/${unsubscribeToken(to)}`;

/** Where a mail client's one-click unsubscribe (RFC 8058) posts to. */
export const unsubscribeApiUrl = (to: Addressee) =>
  `${config.appUrl}/api/unsubscribe/${unsubscribeToken(to)}`;
