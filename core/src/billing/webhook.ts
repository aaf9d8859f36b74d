/**
 * Stripe webhook events, each handled once: the event id is inserted into stripe_event
 * in the same transaction as its effect, so a failure rolls both back (Stripe retries)
 * and a second delivery finds the id and does nothing.
 */
import type Stripe from "stripe";
import { db } from "../db/client";
import { stripeEvents } from "../db/schema";
import { logger } from "../logger";
import { announceCardPayment, type CardPaymentRecorded, recordCardPayment } from "../payments/card-payment";
import { invoicePaymentOf, quoteDepositPaymentOf } from "../payments/card-webhook";
import { announceQuoteDeposit, type DepositRecorded, recordQuoteDeposit } from "../payments/quote-deposit";
import { enqueueEmail } from "../queues";
import { announceBillingChange } from "./announce";
import { type BillingChange, type BillingRef, syncSubscription } from "./sync-subscription";
import { trialReminderJobId } from "./trial-jobs";

export type WebhookOutcome = { duplicate: boolean };

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The subscription an event is about, with what names its company; null for other events. */
function subscriptionRefOf(event: Stripe.Event): BillingRef | null {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.trial_will_end": {
      const subscription = event.data.object;
      return {
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        companyId: subscription.metadata?.companyId,
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      if (!subscriptionId) return null;
      return { subscriptionId, customerId: idOf(invoice.customer), companyId: details?.metadata?.companyId };
    }
    default:
      return null;
  }
}

type Effect = {
  change: BillingChange | null;
  remindCompanyId: string | null;
  cardPayment?: CardPaymentRecorded | null;
  deposit?: DepositRecorded | null;
};

export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  const effect = await db.transaction(async (tx): Promise<Effect | null> => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return null;
    // A card payment from a customer's page (docs/invoice-page.md), recorded with the event's id.
    const paid = invoicePaymentOf(event);
    if (paid) return { change: null, remindCompanyId: null, cardPayment: await recordCardPayment(tx, paid) };
    // A quote's deposit (docs/quotes.md, "Deposit"), the same way.
    const deposit = quoteDepositPaymentOf(event);
    if (deposit)
      return { change: null, remindCompanyId: null, deposit: await recordQuoteDeposit(tx, deposit) };
    const ref = subscriptionRefOf(event);
    if (!ref) return { change: null, remindCompanyId: null };
    const change = await syncSubscription(tx, ref);
    const isReminder = event.type === "customer.subscription.trial_will_end";
    return { change, remindCompanyId: isReminder && change ? change.companyId : null };
  });
  if (!effect) {
    logger.info({ eventId: event.id, type: event.type }, "stripe event already handled");
    return { duplicate: true };
  }
  if (effect.change) await announceBillingChange(effect.change);
  if (effect.cardPayment) await announceCardPayment(effect.cardPayment);
  if (effect.deposit) await announceQuoteDeposit(effect.deposit);
  if (effect.remindCompanyId) {
    // The same jobId as the hourly sweep's: one reminder however many ways it is asked for.
    await enqueueEmail(
      "sendTrialReminderEmail",
      { companyId: effect.remindCompanyId },
      trialReminderJobId(effect.remindCompanyId),
    );
  }
  return { duplicate: false };
}
