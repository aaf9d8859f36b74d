/**
 * Where an invoice stands once money moved (docs/money.md): its status follows what was
 * paid, credited and when it was due, and its jobs' payment status follows the invoice. Called
 * inside the transaction that holds the invoice's row lock, so two payments never read the
 * same balance.
 */
import type { InvoiceStatus, PaymentStatus } from "@sched/shared-types";
import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { invoiceJobs, invoices, jobs } from "../db/schema";
import { nextVersion } from "./versions";

type InvoiceRow = typeof invoices.$inferSelect;
type JobRow = typeof jobs.$inferSelect;

/**
 * The status of `row` on `today` (the company's calendar day): void stays void; nothing
 * left to pay is paid; an invoice the customer has (sent, or already partly paid) past its
 * due date is overdue; some money in is partly paid; else it is as it was sent (or a draft).
 */
export function settledStatus(
  row: Pick<InvoiceRow, "status" | "total" | "paid" | "credited" | "sentAt" | "dueOn">,
  today: string,
): InvoiceStatus {
  if (row.status === "void") return "void";
  const balance = row.total - row.paid - row.credited;
  if (balance <= 0 && (row.paid > 0 || row.credited > 0)) return "paid";
  const issued = row.sentAt !== null || row.paid > 0;
  if (issued && today > row.dueOn) return "overdue";
  if (row.paid > 0) return "partly_paid";
  if (row.sentAt === null) return "draft";
  return row.status === "viewed" ? "viewed" : "sent";
}

/** A job's payment status while its invoice is open: the board's words for the invoice's state. */
export function jobPaymentStatusOf(status: InvoiceStatus): PaymentStatus {
  if (status === "paid") return "paid";
  if (status === "overdue") return "overdue";
  return "billed";
}

/**
 * The day the payment that settled a paid invoice was received (null when a credit note
 * settled it): its payments, net of their refunds, and credit notes added in the order they
 * came (the day received or issued, then when recorded), the first that reaches `total`.
 * Replayed, not taken from the payment just recorded: a payment may be backdated before
 * others, and a refund changes what an older payment counts for.
 */
export const paidOnSql = (invoiceId: SQL | string, total: SQL | number): SQL => sql`
  select case when running.is_payment then running.on_date end from (
    select e.on_date, e.created_at, e.is_payment,
      sum(e.amount) over (order by e.on_date, e.created_at rows unbounded preceding) as settled
    from (
      select p.received_on as on_date, p.created_at, p.amount - p.refunded as amount, true as is_payment
      from payments p where p.invoice_id = ${invoiceId}
      union all
      select c.issued_on, c.created_at, c.amount, false from credit_notes c where c.invoice_id = ${invoiceId}
    ) e
  ) running
  where running.settled >= ${total} order by running.on_date, running.created_at limit 1`;

/**
 * Writes `changes` and the status they lead to on the locked invoice (one version up), with
 * the day it was paid (paidOnSql: set again at every settling while paid, so a refund that
 * reopens it clears it and the payment that settles it again sets it), and the matching
 * payment status on its open jobs. Returns the invoice and the jobs changed, for the events
 * sent after the commit. Callers write the payment, refund or credit note first.
 */
export async function settleInvoice(
  tx: Executor,
  locked: InvoiceRow,
  changes: Partial<Pick<InvoiceRow, "paid" | "credited" | "sentAt">>,
  today: string,
  userId: string | null,
): Promise<{ invoice: InvoiceRow; changedJobs: { after: JobRow }[] }> {
  const status = settledStatus({ ...locked, ...changes }, today);
  const [invoice] = await tx
    .update(invoices)
    .set({
      ...changes,
      status,
      paidOn: status === "paid" ? sql`(${paidOnSql(locked.id, locked.total)})` : null,
      ...nextVersion(locked, userId),
    })
    .where(eq(invoices.id, locked.id))
    .returning();
  const paymentStatus = jobPaymentStatusOf(status);
  const links = await tx
    .select({ jobId: invoiceJobs.jobId })
    .from(invoiceJobs)
    .where(and(eq(invoiceJobs.invoiceId, locked.id), eq(invoiceJobs.open, true)));
  const ids = links.map((link) => link.jobId);
  if (ids.length === 0) return { invoice, changedJobs: [] };
  const stale = await tx
    .select()
    .from(jobs)
    .where(and(inArray(jobs.id, ids), ne(jobs.paymentStatus, paymentStatus)))
    .orderBy(jobs.id)
    .for("update");
  const changedJobs = [];
  for (const job of stale) {
    const [after] = await tx
      .update(jobs)
      .set({ paymentStatus, ...nextVersion(job, userId) })
      .where(eq(jobs.id, job.id))
      .returning();
    changedJobs.push({ after });
  }
  return { invoice, changedJobs };
}
