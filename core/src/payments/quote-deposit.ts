/**
 * A quote's deposit paid by card (docs/quotes.md, "Deposit"), recorded inside the webhook's
 * transaction (which has already stored the event's id) or demo mode's: once per payment
 * intent, whatever Stripe redelivers. The quote's row lock orders two deliveries; the unique
 * index on quote_deposit.payment_intent_id is the last word.
 *
 * No invoice exists yet when it comes in, so it waits on its `quote_deposit` row and becomes
 * a payment on the first invoice made from the quote's job (applyQuoteDeposits, called by
 * createInvoice), or at once when that invoice is already open. Both take the quote's row
 * lock first and set the row's payment once, so a deposit is money in exactly once.
 */
import { formatMoney, quoteLabel } from "@sched/shared-types";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { announceInvoice } from "../commands/invoice-events";
import { settleInvoice } from "../commands/invoice-settlement";
import { announceQuote } from "../commands/quote-events";
import type { Executor } from "../db/client";
import { invoiceJobs, invoices, jobs, payments, quoteDeposits, quotes } from "../db/schema";
import { logger } from "../logger";
import { notifyMembersWho } from "../notifications/notify";
import { depositDueOf } from "../presenters/quotes";
import { companyToday, quoteDetail } from "../queries/quotes";

export type DepositPaid = {
  companyId: string;
  quoteId: string;
  amount: number;
  currency: string;
  paymentIntentId: string;
  checkoutSessionId: string | null;
};

type InvoiceRow = typeof invoices.$inferSelect;
type Settled = { invoice: InvoiceRow; changedJobs: { after: typeof jobs.$inferSelect }[] };

export type DepositRecorded = {
  quote: Awaited<ReturnType<typeof quoteDetail>>;
  /** The open invoice it became a payment on at once, if the quote's job had one. */
  settled: Settled | null;
  /** What came in above the deposit still due (paid from two tabs): for the office to refund. */
  excess: number;
};

/**
 * The quotes' deposits not yet on an invoice become payments on `invoice` (locked or just
 * made in `tx`), received the day they came in; null when there were none.
 */
export async function applyQuoteDeposits(
  tx: Executor,
  invoice: InvoiceRow,
  quoteIds: string[],
  today: string,
  userId: string | null,
): Promise<Settled | null> {
  const ids = [...new Set(quoteIds)].sort();
  if (ids.length === 0) return null;
  // The quotes' locks first, as the webhook takes them: a deposit coming in meanwhile waits.
  await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(inArray(quotes.id, ids))
    .orderBy(asc(quotes.id))
    .for("update");
  const waiting = await tx
    .select()
    .from(quoteDeposits)
    .where(
      and(
        inArray(quoteDeposits.quoteId, ids),
        eq(quoteDeposits.companyId, invoice.companyId),
        eq(quoteDeposits.currency, invoice.currency),
        isNull(quoteDeposits.paymentId),
      ),
    )
    .orderBy(asc(quoteDeposits.createdAt), asc(quoteDeposits.id));
  if (waiting.length === 0) return null;
  let paid = 0;
  for (const deposit of waiting) {
    const [payment] = await tx
      .insert(payments)
      .values({
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        amount: deposit.amount,
        currency: deposit.currency,
        method: "card",
        reference: deposit.paymentIntentId,
        receivedOn: deposit.paidOn,
      })
      .returning({ id: payments.id });
    await tx
      .update(quoteDeposits)
      .set({ paymentId: payment.id, invoiceId: invoice.id })
      .where(eq(quoteDeposits.id, deposit.id));
    paid += deposit.amount;
  }
  return settleInvoice(tx, invoice, { paid: invoice.paid + paid }, today, userId);
}

/** The open invoice the quote's job is on, locked; null while it is on none. */
async function openInvoiceOf(tx: Executor, quoteId: string): Promise<InvoiceRow | null> {
  const [open] = await tx
    .select({ invoiceId: invoiceJobs.invoiceId })
    .from(invoiceJobs)
    .innerJoin(jobs, eq(jobs.id, invoiceJobs.jobId))
    .where(and(eq(jobs.quoteId, quoteId), eq(invoiceJobs.open, true)))
    .limit(1);
  if (!open) return null;
  const [locked] = await tx.select().from(invoices).where(eq(invoices.id, open.invoiceId)).for("update");
  return locked ?? null;
}

/** Records the deposit in `tx`; null when it was recorded before or names no quote of that company. */
export async function recordQuoteDeposit(tx: Executor, paid: DepositPaid): Promise<DepositRecorded | null> {
  const [locked] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, paid.quoteId), eq(quotes.companyId, paid.companyId)))
    .for("update");
  if (!locked) {
    logger.error({ quoteId: paid.quoteId }, "deposit for a quote that is not there");
    return null;
  }
  const [seen] = await tx
    .select({ id: quoteDeposits.id })
    .from(quoteDeposits)
    .where(eq(quoteDeposits.paymentIntentId, paid.paymentIntentId));
  if (seen) return null;
  if (paid.currency.toUpperCase() !== locked.currency) {
    // Sessions are made in the quote's currency: another one is not ours to book.
    logger.error({ quoteId: locked.id, currency: paid.currency }, "deposit in another currency");
    return null;
  }
  const today = await companyToday(locked.companyId, tx);
  const due = depositDueOf(await quoteDetail(locked, tx, today))?.amount ?? 0;
  await tx.insert(quoteDeposits).values({
    companyId: locked.companyId,
    quoteId: locked.id,
    amount: paid.amount,
    currency: locked.currency,
    paymentIntentId: paid.paymentIntentId,
    checkoutSessionId: paid.checkoutSessionId,
    paidOn: today,
  });
  const invoice = await openInvoiceOf(tx, locked.id);
  const settled = invoice ? await applyQuoteDeposits(tx, invoice, [locked.id], today, null) : null;
  return {
    quote: await quoteDetail(locked, tx, today),
    settled,
    excess: Math.max(0, paid.amount - due),
  };
}

/** After the commit: the office's quote (and invoice) screens hear of it; an excess goes to the owners' bell. */
export async function announceQuoteDeposit(done: DepositRecorded): Promise<void> {
  const { quote } = done;
  announceQuote(quote);
  if (done.settled) await announceInvoice(quote, done.settled.invoice, done.settled.changedJobs);
  if (done.excess <= 0) return;
  const excess = formatMoney({ amount: done.excess, currency: quote.currency });
  await notifyMembersWho(quote.companyId, "manageMoney", {
    kind: "payment.updated",
    message: `Quote ${quoteLabel(quote.number)}'s deposit was paid ${excess} more than was asked. Refund the difference to the customer.`,
  });
}
