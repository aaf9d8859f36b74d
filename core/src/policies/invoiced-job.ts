/**
 * Once a job is on an open invoice, its amount and payment status come from the invoice
 * (docs/money.md): a job change that sets them otherwise is refused (409), and so is a
 * change of its items (commands/job-items.ts). Voiding the invoice frees them.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { invoiceJobs } from "../db/schema";
import { Conflict } from "../errors";

export const JOB_AMOUNT_FROM_INVOICE = "This job's amount and payment status come from its invoice";

/** The open invoice the job is on, if any. */
export async function openInvoiceOf(executor: Executor, jobId: string): Promise<string | undefined> {
  const [billed] = await executor
    .select({ invoiceId: invoiceJobs.invoiceId })
    .from(invoiceJobs)
    .where(and(eq(invoiceJobs.jobId, jobId), eq(invoiceJobs.open, true)));
  return billed?.invoiceId;
}

/** 409 when a change sets an invoiced job's amount or payment status to something else. */
export async function assertBillingFieldsFree(
  executor: Executor,
  current: { id: string; amount: string | null; paymentStatus: string },
  fields: { amount?: string | null; paymentStatus?: string },
): Promise<void> {
  const changesAmount = fields.amount !== undefined && fields.amount !== current.amount;
  const changesStatus = fields.paymentStatus !== undefined && fields.paymentStatus !== current.paymentStatus;
  if (!changesAmount && !changesStatus) return;
  const invoiceId = await openInvoiceOf(executor, current.id);
  if (invoiceId) throw new Conflict(JOB_AMOUNT_FROM_INVOICE, { invoiceId });
}
