/**
 * Links that open one row without a session (visit, quote and invoice pages):
 * `<row id>.<HMAC-SHA256 of the id>` under a key derived from the server secret for one use
 * alone, so a token made for one kind of page never opens another. Nothing secret is stored:
 * the row says whether the link still works; the signature says the server made it, so no one
 * can guess a link to someone else's page. Changing SESSION_SECRET voids them all.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";

// The id in any case, as every id in a path may be; the signature is over its lower case.
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/i;

export type SignedIds = {
  /** The token for `id`. */
  tokenOf: (id: string) => string;
  /** The id a token was made for, or undefined when it is malformed or forged. */
  idOf: (token: string) => string | undefined;
};

/** Tokens for one use, named by `purpose` ("scheduler/visit-link/v1"). */
export function signedIds(purpose: string): SignedIds {
  const key = createHmac("sha256", config.sessionSecret).update(purpose).digest();
  const signatureOf = (id: string) => createHmac("sha256", key).update(id).digest("base64url");
  return {
    tokenOf: (id) => `${id}.${signatureOf(id.toLowerCase())}`,
    idOf: (token) => {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const id = match[1].toLowerCase();
      const expected = Buffer.from(signatureOf(id));
      const given = Buffer.from(match[2]);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
    },
  };
}
