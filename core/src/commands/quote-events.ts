/** After a quote changed and committed (docs/quotes.md): `quote.updated` to owners and admins. */
import type { QuoteDTO } from "@sched/shared-types";
import { logger } from "../logger";
import { presentQuoteSummary } from "../presenters/quotes";
import { publish } from "../publish";

export function announceQuote(quote: QuoteDTO): void {
  try {
    publish(quote.companyId, "quote.updated", presentQuoteSummary(quote));
  } catch (error) {
    // The change is committed; a missed event is caught up at the next read (docs/realtime.md).
    logger.warn({ err: error, quoteId: quote.id }, "quote.updated not announced");
  }
}
