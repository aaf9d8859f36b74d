/**
 * The company logo on the customer's pages (docs/invoice-page.md, docs/quotes.md): a page's
 * token opens its own company's logo and nothing else. A bad token, a link that no longer
 * opens, and a company without a logo are all 404.
 */
import { LOGO_NOT_FOUND } from "@sched/shared-types";
import { quoteOfToken } from "../commands/answer-quote";
import { db } from "../db/client";
import { NotFound } from "../errors";
import { openInvoiceLink } from "../payments/invoice-link";
import { loadCompanyLogo, type StoredLogo } from "./company-logo";

async function logoOf(companyId: string): Promise<StoredLogo> {
  const logo = await loadCompanyLogo(companyId);
  if (!logo) throw new NotFound(LOGO_NOT_FOUND);
  return logo;
}

/** GET /api/public/invoices/:token/logo */
export async function loadInvoicePageLogo(token: string): Promise<StoredLogo> {
  const { invoice } = await openInvoiceLink(token);
  return logoOf(invoice.companyId);
}

/** GET /api/public/quotes/:token/logo */
export async function loadQuotePageLogo(token: string): Promise<StoredLogo> {
  const quote = await quoteOfToken(db, token, false);
  return logoOf(quote.companyId);
}
