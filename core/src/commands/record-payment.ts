/**
 * Payments recorded by people and their refunds (docs/money.md). A payment takes the
 * invoice's row lock before it reads the balance, so concurrent payments take turns and
 * never pay more than is owed; a refund takes the invoice's lock, then the payment's (always
 * in that order: no deadlock). The invoice's status and its jobs' payment status follow in
 * the same transaction (invoice-settlement.ts); the events go out after the commit.
 */
import {
  currencyNotTheInvoices,
  dateIn,
  INVOICE_NOT_FOUND,
  INVOICE_VOID,
  PAYMENT_MORE_THAN_OWED,
  PAYMENT_NOT_FOUND,
  PAYMENT_RECEIVED_IN_FUTURE,
  type PaymentAnswerDTO,
  REFUND_MORE_THAN_PAID,
  type TPaymentCreate,
  type TRefundCreate,
} from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { invoices, paymentRefunds, payments } from "../db/schema";
import { BadRequest, Conflict, NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentPayment, presentPaymentAnswer } from "../presenters/payments";
import { loadCompanySettings } from "../queries/company-settings";
import { invoiceDetail } from "../queries/invoices";
import { announceInvoice } from "./invoice-events";
import { settleInvoice } from "./invoice-settlement";
import { assertCurrentVersion, nextVersion } from "./versions";

type InvoiceRow = typeof invoices.$inferSelect;

async function lockInvoiceRow(tx: Executor, id: string): Promise<InvoiceRow> {
  const [locked] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!locked) throw new NotFound(INVOICE_NOT_FOUND);
  return locked;
}

function assertCurrency(currency: string, expected: string) {
  if (currency === expected) return;
  const message = currencyNotTheInvoices(expected);
  throw new BadRequest(message, [{ path: "amount.currency", message }]);
}

/** A payment with its refunds, oldest first. */
export async function paymentWithRefunds(row: typeof payments.$inferSelect, executor: Executor = db) {
  const refunds = await executor
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, row.id))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  return presentPayment(row, refunds);
}

/** POST /api/payments: the caller's right to the invoice is checked before (policies/payment-access.ts). */
export async function recordPayment(
  member: CompanyAccess,
  input: TPaymentCreate,
  expectedVersion?: number,
): Promise<PaymentAnswerDTO> {
  const { timeZone } = await loadCompanySettings(member.companyId);
  const today = dateIn(new Date(), timeZone);
  if (input.receivedOn > today)
    throw new BadRequest(PAYMENT_RECEIVED_IN_FUTURE, [
      { path: "receivedOn", message: PAYMENT_RECEIVED_IN_FUTURE },
    ]);
  const done = await db.transaction(async (tx) => {
    const locked = await lockInvoiceRow(tx, input.invoiceId);
    await assertCurrentVersion(tx, locked, expectedVersion, "invoice", () => invoiceDetail(locked, tx));
    if (locked.status === "void") throw new Conflict(INVOICE_VOID);
    assertCurrency(input.amount.currency, locked.currency);
    if (input.amount.amount > locked.total - locked.paid - locked.credited)
      throw new BadRequest(PAYMENT_MORE_THAN_OWED, [
        { path: "amount.amount", message: PAYMENT_MORE_THAN_OWED },
      ]);
    const [payment] = await tx
      .insert(payments)
      .values({
        companyId: locked.companyId,
        invoiceId: locked.id,
        amount: input.amount.amount,
        currency: locked.currency,
        method: input.method,
        reference: input.reference,
        receivedOn: input.receivedOn,
        recordedBy: member.userId,
        updatedBy: member.userId,
      })
      .returning();
    const settled = await settleInvoice(
      tx,
      locked,
      { paid: locked.paid + payment.amount },
      today,
      member.userId,
    );
    return { ...settled, answer: presentPaymentAnswer(presentPayment(payment, []), settled.invoice) };
  });
  await announceInvoice(member, done.invoice, done.changedJobs);
  return done.answer;
}

/** POST /api/payments/:id/refund: owners and admins; at most what was paid less what was refunded. */
export async function refundPayment(
  member: CompanyAccess,
  paymentId: string,
  input: TRefundCreate,
  expectedVersion?: number,
): Promise<PaymentAnswerDTO> {
  const { timeZone } = await loadCompanySettings(member.companyId);
  const today = dateIn(new Date(), timeZone);
  const done = await db.transaction(async (tx) => {
    const [seen] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!seen) throw new NotFound(PAYMENT_NOT_FOUND);
    const invoice = await lockInvoiceRow(tx, seen.invoiceId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    await assertCurrentVersion(tx, payment, expectedVersion, "payment", () =>
      paymentWithRefunds(payment, tx),
    );
    assertCurrency(input.amount.currency, payment.currency);
    if (input.amount.amount > payment.amount - payment.refunded)
      throw new BadRequest(REFUND_MORE_THAN_PAID, [
        { path: "amount.amount", message: REFUND_MORE_THAN_PAID },
      ]);
    await tx.insert(paymentRefunds).values({
      companyId: payment.companyId,
      paymentId,
      amount: input.amount.amount,
      currency: payment.currency,
      createdBy: member.userId,
    });
    const [refunded] = await tx
      .update(payments)
      .set({ refunded: payment.refunded + input.amount.amount, ...nextVersion(payment, member.userId) })
      .where(eq(payments.id, paymentId))
      .returning();
    const settled = await settleInvoice(
      tx,
      invoice,
      { paid: invoice.paid - input.amount.amount },
      today,
      member.userId,
    );
    const answer = presentPaymentAnswer(await paymentWithRefunds(refunded, tx), settled.invoice);
    return { ...settled, answer };
  });
  await announceInvoice(member, done.invoice, done.changedJobs);
  return done.answer;
}

/** GET /api/invoices/:id/payments: oldest first, each with its refunds. */
export async function listInvoicePayments(invoiceId: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return Promise.all(rows.map((row) => paymentWithRefunds(row)));
}
