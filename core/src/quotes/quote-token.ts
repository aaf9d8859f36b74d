/**
 * Quote link tokens (docs/quotes.md): a signed quote id (../links/signed-id.ts). Nothing is
 * stored: the quote's own row says whether it may still be approved (its status and expiry).
 */
import { config } from "../config";
import { signedIds } from "../links/signed-id";

const tokens = signedIds("scheduler/quote-link/v1");

export const quoteToken = tokens.tokenOf;

/** The customer's page for the quote: `${APP_URL}/quote/<token>`. */
export const quoteLink = (quoteId: string) => `${config.appUrl}/quote/${quoteToken(quoteId)}`;

/** The quote id a token was made for, or undefined when it is malformed or forged. */
export const quoteIdOfToken = tokens.idOf;
