/**
 * The mail outbox's senders for quotes (docs/quotes.md): `quote_sent` (the link by e-mail)
 * and `quote_text` (the link by text message, to the customer's number as it is now). The
 * outbox holds the row's lock while they send and marks it done with their outcome, so each
 * send leaves once; a quote decided or deleted since is not sent.
 */
import { quoteTextNumber } from "@sched/core/commands/send-quote";
import { loadQuoteMail } from "@sched/core/queries/quote-mail";
import { textProvider } from "@sched/core/texts/provider";
import { renderQuoteEmail, renderQuoteText } from "../mail/quote";
import { sendMail } from "../mail/transport";

const ANSWERED = new Set(["approved", "declined", "expired"]);

export async function sendQuoteEmail(quoteId: string): Promise<string> {
  const found = await loadQuoteMail(quoteId);
  if (!found) return "gone";
  if (ANSWERED.has(found.quote.status)) return found.quote.status;
  if (!found.email) return "no-address";
  await sendMail({ to: found.email, ...renderQuoteEmail(found) });
  return "sent";
}

export async function sendQuoteText(quoteId: string): Promise<string> {
  const found = await loadQuoteMail(quoteId);
  if (!found) return "gone";
  if (ANSWERED.has(found.quote.status)) return found.quote.status;
  const to = await quoteTextNumber(found.row);
  if (!to) return "no-number";
  await textProvider().send({ to, body: renderQuoteText(found), reference: quoteId });
  return "sent";
}
