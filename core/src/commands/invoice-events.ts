/**
 * After an invoice's money or state changed and committed (docs/money.md): `invoice.updated`
 * to owners and admins, and `job.updated` for each job whose payment status followed.
 */
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { invoiceJobs, type invoices, type jobs } from "../db/schema";
import { logger } from "../logger";
import { presentInvoiceSummary } from "../presenters/invoices";
import { publish } from "../publish";
import { announceBilledJobs } from "./invoice-jobs";

export async function announceInvoice(
  member: { companyId: string },
  invoice: typeof invoices.$inferSelect,
  changedJobs: { after: typeof jobs.$inferSelect }[],
): Promise<void> {
  await announceBilledJobs(member, changedJobs);
  try {
    const links = await db
      .select({ jobId: invoiceJobs.jobId })
      .from(invoiceJobs)
      .where(eq(invoiceJobs.invoiceId, invoice.id));
    const summary = presentInvoiceSummary(
      invoice,
      links.map((link) => link.jobId),
    );
    publish(invoice.companyId, "invoice.updated", summary);
  } catch (error) {
    // The change is committed; a missed event is caught up at the next read (docs/realtime.md).
    logger.warn({ err: error, invoiceId: invoice.id }, "invoice.updated not announced");
  }
}
