/**
 * Recording a card payment Stripe took on an invoice's page (docs/invoice-page.md), inside
 * the webhook's transaction (which has already stored the event's id): once per payment
 * intent, whatever Stripe redelivers. The invoice's row lock orders two deliveries of one
 * payment; the unique index on card_payment.payment_intent_id is the last word.
 *
 * The money is in the company's account by then, so it is always recorded: an amount above
 * the balance (paid from two tabs, or on an invoice voided meanwhile) is recorded whole with
 * its `excess`, the invoice shows a negative balance, and the owners hear of it to refund it.
 */
import { dateIn, formatMoney } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { announceInvoice } from "../commands/invoice-events";
import { settleInvoice } from "../commands/invoice-settlement";
import type { Executor } from "../db/client";
import { cardPayments, invoices, type jobs, payments } from "../db/schema";
import { logger } from "../logger";
import { notifyMembersWho } from "../notifications/notify";
import { loadCompanySettings } from "../queries/company-settings";

export type CardPaid = {
  companyId: string;
  invoiceId: string;
  amount: number;
  currency: string;
  paymentIntentId: string;
  checkoutSessionId: string | null;
};

export type CardPaymentRecorded = {
  invoice: typeof invoices.$inferSelect;
  changedJobs: { after: typeof jobs.$inferSelect }[];
  excess: number;
};

/** Records the payment in `tx`; null when it was recorded before or names no invoice of that company. */
export async function recordCardPayment(tx: Executor, paid: CardPaid): Promise<CardPaymentRecorded | null> {
  const [locked] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, paid.invoiceId), eq(invoices.companyId, paid.companyId)))
    .for("update");
  if (!locked) {
    logger.error({ invoiceId: paid.invoiceId }, "card payment for an invoice that is not there");
    return null;
  }
  const [seen] = await tx
    .select({ paymentId: cardPayments.paymentId })
    .from(cardPayments)
    .where(eq(cardPayments.paymentIntentId, paid.paymentIntentId));
  if (seen) return null;
  if (paid.currency.toUpperCase() !== locked.currency) {
    // Sessions are made in the invoice's currency: another one is not ours to book.
    logger.error({ invoiceId: locked.id, currency: paid.currency }, "card payment in another currency");
    return null;
  }
  const { timeZone } = await loadCompanySettings(locked.companyId, tx);
  const today = dateIn(new Date(), timeZone);
  const owed = locked.status === "void" ? 0 : Math.max(0, locked.total - locked.paid - locked.credited);
  const excess = Math.max(0, paid.amount - owed);
  const [payment] = await tx
    .insert(payments)
    .values({
      companyId: locked.companyId,
      invoiceId: locked.id,
      amount: paid.amount,
      currency: locked.currency,
      method: "card",
      reference: paid.paymentIntentId,
      receivedOn: today,
    })
    .returning();
  await tx.insert(cardPayments).values({
    paymentId: payment.id,
    companyId: locked.companyId,
    invoiceId: locked.id,
    paymentIntentId: paid.paymentIntentId,
    checkoutSessionId: paid.checkoutSessionId,
    excess,
  });
  const settled = await settleInvoice(tx, locked, { paid: locked.paid + paid.amount }, today, null);
  return { ...settled, excess };
}

/** After the commit: the board and the invoices hear of it; an excess goes to the owners' bell. */
export async function announceCardPayment(done: CardPaymentRecorded): Promise<void> {
  const { invoice } = done;
  await announceInvoice({ companyId: invoice.companyId }, invoice, done.changedJobs);
  if (done.excess <= 0) return;
  const excess = formatMoney({ amount: done.excess, currency: invoice.currency });
  await notifyMembersWho(invoice.companyId, "manageMoney", {
    kind: "payment.updated",
    message: `Invoice ${invoice.number} was paid ${excess} more than was owed. Refund the difference to the customer.`,
  });
}
