/** Reading invoices (docs/money.md): one with its lines and credit notes, or a company's list. */
import type { InvoiceDTO, InvoiceStatus, InvoiceSummaryDTO, JobInvoiceDTO } from "@sched/shared-types";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { companies, creditNotes, invoiceJobs, invoiceLines, invoices } from "../db/schema";
import { invoicePdf } from "../documents/invoice-pdf";
import type { CompanyAccess } from "../policies/company-access";
import { presentInvoice, presentInvoiceSummary } from "../presenters/invoices";
import { loadCompanyLogo } from "./company-logo";
import { loadCompanySettings } from "./company-settings";
import { loadMoneySettings } from "./money-settings";

export async function invoiceDetail(
  row: typeof invoices.$inferSelect,
  executor: Executor = db,
): Promise<InvoiceDTO> {
  const [jobs, lines, notes] = await Promise.all([
    executor.select({ jobId: invoiceJobs.jobId }).from(invoiceJobs).where(eq(invoiceJobs.invoiceId, row.id)),
    executor
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, row.id))
      .orderBy(asc(invoiceLines.position)),
    executor
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, row.id))
      .orderBy(asc(creditNotes.number)),
  ]);
  return presentInvoice(
    row,
    jobs.map((job) => job.jobId),
    lines,
    notes,
  );
}

/** The company's invoices, newest number first. */
export async function listInvoices(
  member: CompanyAccess,
  status?: InvoiceStatus,
): Promise<InvoiceSummaryDTO[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, member.companyId), status ? eq(invoices.status, status) : undefined))
    .orderBy(desc(invoices.number))
    .limit(500);
  if (rows.length === 0) return [];
  const links = await db
    .select({ invoiceId: invoiceJobs.invoiceId, jobId: invoiceJobs.jobId })
    .from(invoiceJobs)
    .where(
      inArray(
        invoiceJobs.invoiceId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) =>
    presentInvoiceSummary(
      row,
      links.filter((link) => link.invoiceId === row.id).map((link) => link.jobId),
    ),
  );
}

/** GET /api/invoices/:id.pdf: the document, drawn with the company's logo, name, address and tax numbers. */
export async function invoicePdfOf(row: typeof invoices.$inferSelect): Promise<Buffer> {
  const [[company], settings, companySettings, invoice, logo] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId)),
    loadMoneySettings(row.companyId),
    loadCompanySettings(row.companyId),
    invoiceDetail(row),
    loadCompanyLogo(row.companyId),
  ]);
  return invoicePdf({
    companyName: company.name,
    locale: `en-${companySettings.country}`,
    settings,
    invoice,
    logo: logo?.bytes ?? null,
  });
}

/** The job's open invoice (not void) as a technician taking a payment needs it, or null. */
export async function jobInvoice(jobId: string): Promise<JobInvoiceDTO> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoiceJobs)
    .innerJoin(invoices, eq(invoices.id, invoiceJobs.invoiceId))
    .where(and(eq(invoiceJobs.jobId, jobId), eq(invoiceJobs.open, true)))
    .limit(1);
  if (!row) return { invoice: null };
  const { id, number, status, total, paid, balance, dueOn, version } = presentInvoiceSummary(row.invoice, []);
  return { invoice: { id, number, status, total, paid, balance, dueOn, version } };
}
