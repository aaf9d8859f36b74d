/**
 * Stripe's events about card payments from the customer's pages (docs/invoice-page.md):
 * `checkout.session.completed` once the card is charged (`payment_status: paid`), and
 * `checkout.session.async_payment_succeeded` for a method that settles later. Both name
 * the same payment intent, which is recorded once (./card-payment.ts for an invoice,
 * ./quote-deposit.ts for a quote's deposit).
 */
import type Stripe from "stripe";
import type { CardPaid } from "./card-payment";
import type { DepositPaid } from "./quote-deposit";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A paid Checkout Session an event reports, with its purpose's metadata; null for anything else. */
function paidSessionOf(event: Stripe.Event) {
  if (
    event.type !== "checkout.session.completed" &&
    event.type !== "checkout.session.async_payment_succeeded"
  )
    return null;
  const session = event.data.object;
  const metadata = session.metadata ?? {};
  if (!metadata.companyId || session.payment_status !== "paid") return null;
  const paymentIntentId = idOf(session.payment_intent);
  if (!paymentIntentId || session.amount_total === null || !session.currency) return null;
  return {
    metadata,
    companyId: metadata.companyId,
    amount: session.amount_total,
    currency: session.currency,
    paymentIntentId,
    checkoutSessionId: session.id,
  };
}

/** The invoice payment an event reports, or null when it reports none (or another purpose). */
export function invoicePaymentOf(event: Stripe.Event): CardPaid | null {
  const paid = paidSessionOf(event);
  if (paid?.metadata.purpose !== "invoice" || !paid.metadata.invoiceId) return null;
  const { metadata, ...rest } = paid;
  return { ...rest, invoiceId: metadata.invoiceId };
}

/** The quote deposit an event reports, or null when it reports none (or another purpose). */
export function quoteDepositPaymentOf(event: Stripe.Event): DepositPaid | null {
  const paid = paidSessionOf(event);
  if (paid?.metadata.purpose !== "quote_deposit" || !paid.metadata.quoteId) return null;
  const { metadata, ...rest } = paid;
  return { ...rest, quoteId: metadata.quoteId };
}
