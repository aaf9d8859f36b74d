/**
 * What the worker needs to send a quote's link (docs/quotes.md): the quote as it is now,
 * the customer's name and address, the company's name and locale, and the link.
 */
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { companies, customers, quotes } from "../db/schema";
import { quoteLink } from "../quotes/quote-token";
import { loadCompanySettings } from "./company-settings";
import { quoteDetail } from "./quotes";

/** The quote to send; undefined when it or its customer is gone. */
export async function loadQuoteMail(quoteId: string) {
  const [found] = await db
    .select({ quote: quotes, email: customers.email, companyName: companies.name })
    .from(quotes)
    .innerJoin(customers, eq(customers.id, quotes.customerId))
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(eq(quotes.id, quoteId));
  if (!found) return undefined;
  const [settings, quote] = await Promise.all([
    loadCompanySettings(found.quote.companyId),
    quoteDetail(found.quote),
  ]);
  return {
    row: found.quote,
    quote,
    email: found.email,
    companyName: found.companyName,
    locale: `en-${settings.country}`,
    url: quoteLink(quoteId),
  };
}
