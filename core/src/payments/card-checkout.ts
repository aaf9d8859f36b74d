/**
 * Card payments from a customer's page (docs/invoice-page.md): a Stripe Checkout Session for
 * an amount, in its currency, that comes back to the page. Generic over what is paid (an
 * invoice today, a quote's deposit later): `purpose` goes into the session's metadata, and
 * the webhook (./card-webhook.ts) reads it back to record the payment once.
 *
 * Without STRIPE_SECRET_KEY, outside production, payments are simulated (demo mode, like
 * billing's): the "checkout" is a step on the page itself. In production without a key there
 * is no card payment at all (503): a page that marked an invoice paid with no money taken
 * would tell the office it was paid when it was not.
 */
import {
  CARD_PAYMENT_NOT_STARTED,
  CARD_PAYMENTS_NOT_SET_UP,
  type CardMode,
  type Money,
} from "@sched/shared-types";
import Stripe from "stripe";
import { isDemoBilling, isDemoPaymentEnabled, stripe } from "../billing/stripe-client";
import { BadGateway, Unavailable } from "../errors";
import { logger } from "../logger";

/** What a payment is for; the metadata names it as `<kind>Id` beside the company. */
export type CardPurpose = { kind: "invoice"; invoiceId: string } | { kind: "quote_deposit"; quoteId: string };

export type CardCheckout = {
  companyId: string;
  purpose: CardPurpose;
  amount: Money;
  /** The line the customer reads on Checkout: "Invoice 12 from Acme Plumbing". */
  description: string;
  /** The page to come back to; `?checkout=done` or `?checkout=cancelled` is added. */
  returnUrl: string;
  /** The same for a double tap: Stripe answers the session it made for it (24 hours). */
  idempotencyKey: string;
};

export const cardMode = (): CardMode =>
  !isDemoBilling() ? "stripe" : isDemoPaymentEnabled() ? "demo" : "unavailable";

export function metadataOf(companyId: string, purpose: CardPurpose): Record<string, string> {
  return purpose.kind === "invoice"
    ? { companyId, purpose: purpose.kind, invoiceId: purpose.invoiceId }
    : { companyId, purpose: purpose.kind, quoteId: purpose.quoteId };
}

const withCheckout = (url: string, outcome: string) =>
  `${url}${url.includes("?") ? "&" : "?"}checkout=${outcome}`;

/** Where the browser goes to pay: Stripe Checkout, or the page's demo step. */
export async function startCardCheckout(checkout: CardCheckout): Promise<{ url: string }> {
  const mode = cardMode();
  if (mode === "unavailable") throw new Unavailable(CARD_PAYMENTS_NOT_SET_UP);
  if (mode === "demo") return { url: withCheckout(checkout.returnUrl, "demo") };
  const metadata = metadataOf(checkout.companyId, checkout.purpose);
  try {
    const session = await stripe().checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: checkout.amount.currency.toLowerCase(),
              unit_amount: checkout.amount.amount,
              product_data: { name: checkout.description },
            },
          },
        ],
        metadata,
        // The payment itself carries the purpose too: a refund or a dispute names it.
        payment_intent_data: { metadata },
        success_url: withCheckout(checkout.returnUrl, "done"),
        cancel_url: withCheckout(checkout.returnUrl, "cancelled"),
      },
      { idempotencyKey: checkout.idempotencyKey },
    );
    if (!session.url) throw new BadGateway(CARD_PAYMENT_NOT_STARTED);
    return { url: session.url };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error({ err: error, companyId: checkout.companyId }, "stripe refused to start a checkout");
    throw new BadGateway(CARD_PAYMENT_NOT_STARTED);
  }
}
