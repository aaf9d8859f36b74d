/**
 * How an invoice changes once made (docs/money.md): never in place. A void ends it (its
 * jobs may go on a new invoice: their payment status is pending again); a credit note
 * takes an amount off its balance, numbered in its own gap-free series. Both work on the
 * locked row from the version the client last saw (409 stale when another).
 */
import {
  CREDIT_NOTE_TOO_LARGE,
  currencyNotTheCompanys,
  dateIn,
  INVOICE_HAS_PAYMENTS,
  INVOICE_NOT_FOUND,
  INVOICE_VOID,
  type InvoiceDTO,
  type MoneyDTO,
} from "@sched/shared-types";
import { and, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { creditNotes, invoiceJobs, invoices, jobs } from "../db/schema";
import { BadRequest, Conflict, NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { loadCompanySettings } from "../queries/company-settings";
import { invoiceDetail } from "../queries/invoices";
import { takeNumber } from "./create-invoice";
import { announceInvoice } from "./invoice-events";
import { settleInvoice } from "./invoice-settlement";
import { assertCurrentVersion, nextVersion } from "./versions";

async function lockInvoice(tx: Executor, id: string, expectedVersion: number | undefined) {
  const [locked] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!locked) throw new NotFound(INVOICE_NOT_FOUND);
  await assertCurrentVersion(tx, locked, expectedVersion, "invoice", () => invoiceDetail(locked, tx));
  if (locked.status === "void") throw new Conflict(INVOICE_VOID);
  return locked;
}

/** POST /api/invoices/:id/void */
export async function voidInvoice(
  member: CompanyAccess,
  id: string,
  reason: string,
  expectedVersion?: number,
): Promise<InvoiceDTO> {
  const { detail, voided, released } = await db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, id, expectedVersion);
    if (locked.paid > 0) throw new Conflict(INVOICE_HAS_PAYMENTS);
    const [voided] = await tx
      .update(invoices)
      .set({
        status: "void",
        paidOn: null,
        voidedAt: new Date(),
        voidReason: reason,
        ...nextVersion(locked, member.userId),
      })
      .where(eq(invoices.id, id))
      .returning();
    const links = await tx
      .update(invoiceJobs)
      .set({ open: false })
      .where(eq(invoiceJobs.invoiceId, id))
      .returning({ jobId: invoiceJobs.jobId });
    const ids = links.map((link) => link.jobId);
    const billedJobs =
      ids.length === 0
        ? []
        : await tx
            .select()
            .from(jobs)
            .where(and(inArray(jobs.id, ids), inArray(jobs.paymentStatus, ["billed", "overdue"])))
            .for("update");
    const released = [];
    for (const job of billedJobs) {
      const [after] = await tx
        .update(jobs)
        .set({ paymentStatus: "pending", ...nextVersion(job, member.userId) })
        .where(eq(jobs.id, job.id))
        .returning();
      released.push({ after });
    }
    return { detail: await invoiceDetail(voided, tx), voided, released };
  });
  await announceInvoice(member, voided, released);
  return detail;
}

/** POST /api/invoices/:id/credit-notes: at most the balance, in the invoice's currency. */
export async function createCreditNote(
  member: CompanyAccess,
  id: string,
  input: { amount: MoneyDTO; reason: string },
  expectedVersion?: number,
): Promise<InvoiceDTO> {
  const { timeZone } = await loadCompanySettings(member.companyId);
  const done = await db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, id, expectedVersion);
    if (input.amount.currency !== locked.currency) {
      const message = currencyNotTheCompanys(locked.currency);
      throw new BadRequest(message, [{ path: "amount.currency", message }]);
    }
    if (input.amount.amount > locked.total - locked.paid - locked.credited)
      throw new BadRequest(CREDIT_NOTE_TOO_LARGE, [
        { path: "amount.amount", message: CREDIT_NOTE_TOO_LARGE },
      ]);
    const number = await takeNumber(tx, member.companyId, "credit_note");
    await tx.insert(creditNotes).values({
      companyId: member.companyId,
      invoiceId: id,
      number,
      amount: input.amount.amount,
      currency: locked.currency,
      reason: input.reason,
      issuedOn: dateIn(new Date(), timeZone),
      createdBy: member.userId,
    });
    // A credit note that clears the balance settles the invoice like a payment (invoice-settlement.ts).
    const today = dateIn(new Date(), timeZone);
    const settled = await settleInvoice(
      tx,
      locked,
      { credited: locked.credited + input.amount.amount },
      today,
      member.userId,
    );
    return { ...settled, detail: await invoiceDetail(settled.invoice, tx) };
  });
  await announceInvoice(member, done.invoice, done.changedJobs);
  return done.detail;
}
