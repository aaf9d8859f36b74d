/**
 * Invoice link tokens (docs/invoice-page.md): a signed invoice_link id
 * (../links/signed-id.ts), under a key of its own, so a visit token never opens an invoice
 * nor the other way round.
 */
import { signedIds } from "../links/signed-id";

const tokens = signedIds("scheduler/invoice-link/v1");

export const invoiceToken = tokens.tokenOf;

/** The link id a token was made for, or undefined when it is malformed or forged. */
export const linkIdOfInvoiceToken = tokens.idOf;
