/**
 * An invoice from jobs in one click (docs/money.md): each job's items become lines (a job
 * with no items but an amount typed by hand bills that amount), priced and taxed as the
 * company's settings say, totals the sums of the rounded lines. Its number comes from the
 * company's counter row, taken in the same transaction: a rolled-back creation gives its
 * number back, and concurrent creations take turns on the row, so numbers have no gap and
 * no repeat. The jobs are locked (in id order, so two creations cannot deadlock) and a job
 * on an open invoice is refused: the partial unique index on invoice_jobs holds it too.
 */
import {
  addDays,
  type DocumentTotals,
  dateIn,
  documentTotals,
  INVOICE_JOB_ON_OPEN_INVOICE,
  INVOICE_JOB_UNKNOWN,
  INVOICE_JOBS_CUSTOMERS,
  INVOICE_NOTHING_TO_BILL,
  type InvoiceDTO,
  type LineAmounts,
  lineAmounts,
  type MoneySettingsDTO,
  moneyDecimal,
  parseMoneyDecimal,
  sumMoney,
  type TInvoiceCreate,
} from "@sched/shared-types";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import {
  customers,
  documentCounters,
  invoiceJobs,
  invoiceLines,
  invoices,
  jobItems,
  jobs,
} from "../db/schema";
import { BadRequest, Conflict } from "../errors";
import { applyQuoteDeposits } from "../payments/quote-deposit";
import type { CompanyAccess } from "../policies/company-access";
import { loadCompanySettings } from "../queries/company-settings";
import { invoiceDetail } from "../queries/invoices";
import { loadMoneySettings } from "../queries/money-settings";
import { announceInvoice } from "./invoice-events";
import { nextVersion } from "./versions";

type JobRow = typeof jobs.$inferSelect;
type Line = {
  jobId: string;
  jobItemId: string | null;
  name: string;
  quantityThousandths: number;
  unitPrice: number;
  taxPercentThousandths: number | null;
  taxRateName: string | null;
  amounts: LineAmounts;
};

/** The next number of `kind` for the company, on its counter row (locked until the transaction ends). */
export async function takeNumber(tx: Executor, companyId: string, kind: "invoice" | "credit_note" | "quote") {
  const [counter] = await tx
    .insert(documentCounters)
    .values({ companyId, kind, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.companyId, documentCounters.kind],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ number: documentCounters.lastNumber });
  return counter.number;
}

/** The jobs by id in the company, locked; 400 naming the field when one is not the company's. */
async function lockJobs(tx: Executor, companyId: string, ids: string[]) {
  const rows = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), inArray(jobs.id, ids)))
    .orderBy(asc(jobs.id))
    .for("update");
  if (rows.length < ids.length)
    throw new BadRequest(INVOICE_JOB_UNKNOWN, [{ path: "jobIds", message: INVOICE_JOB_UNKNOWN }]);
  const [billed] = await tx
    .select({ invoiceId: invoiceJobs.invoiceId, jobId: invoiceJobs.jobId })
    .from(invoiceJobs)
    .where(and(inArray(invoiceJobs.jobId, ids), eq(invoiceJobs.open, true)))
    .limit(1);
  if (billed) throw new Conflict(INVOICE_JOB_ON_OPEN_INVOICE, billed);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) as JobRow);
}

/** Each job's lines in the order given: its items, else its typed amount. */
async function linesOf(tx: Executor, orderedJobs: JobRow[], settings: MoneySettingsDTO): Promise<Line[]> {
  const { currency, pricesIncludeTax } = settings;
  const items = await tx
    .select()
    .from(jobItems)
    .where(
      inArray(
        jobItems.jobId,
        orderedJobs.map((job) => job.id),
      ),
    )
    .orderBy(asc(jobItems.createdAt), asc(jobItems.id));
  const lines: Line[] = [];
  for (const job of orderedJobs) {
    const own = items.filter((item) => item.jobId === job.id && item.currency === currency);
    for (const item of own) {
      const input = {
        unitPrice: { amount: item.unitPrice, currency },
        quantity: item.quantityThousandths / 1000,
        taxPercent: item.taxPercentThousandths === null ? null : item.taxPercentThousandths / 1000,
        pricesIncludeTax,
      };
      lines.push({
        jobId: job.id,
        jobItemId: item.id,
        name: item.name,
        quantityThousandths: item.quantityThousandths,
        unitPrice: item.unitPrice,
        taxPercentThousandths: item.taxPercentThousandths,
        taxRateName: item.taxRateName,
        amounts: lineAmounts(input),
      });
    }
    const typed = own.length === 0 && job.amount ? parseMoneyDecimal(job.amount, currency) : undefined;
    if (typed) {
      const unitPrice = { amount: typed, currency };
      lines.push({
        jobId: job.id,
        jobItemId: null,
        name: `${job.type} – ${job.location}`,
        quantityThousandths: 1000,
        unitPrice: typed,
        taxPercentThousandths: null,
        taxRateName: null,
        amounts: lineAmounts({ unitPrice, quantity: 1, taxPercent: null, pricesIncludeTax }),
      });
    }
  }
  return lines;
}

/** Who the invoice is for: the jobs' one customer (400 when they name two). */
async function billToOf(tx: Executor, orderedJobs: JobRow[]) {
  const customerIds = [...new Set(orderedJobs.flatMap((job) => (job.customerId ? [job.customerId] : [])))];
  if (customerIds.length > 1)
    throw new BadRequest(INVOICE_JOBS_CUSTOMERS, [{ path: "jobIds", message: INVOICE_JOBS_CUSTOMERS }]);
  if (customerIds.length === 0) return { customerId: null, billTo: null };
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerIds[0]));
  return {
    customerId: customerIds[0],
    billTo: { name: customer.name, address: customer.address, email: customer.email },
  };
}

/** POST /api/invoices */
export async function createInvoice(member: CompanyAccess, input: TInvoiceCreate): Promise<InvoiceDTO> {
  const { companyId } = member;
  const { timeZone } = await loadCompanySettings(companyId);
  const { invoice, billed } = await db.transaction(async (tx) => {
    const settings = await loadMoneySettings(companyId, tx);
    const orderedJobs = await lockJobs(tx, companyId, input.jobIds);
    const { customerId, billTo } = await billToOf(tx, orderedJobs);
    const lines = await linesOf(tx, orderedJobs, settings);
    if (lines.length === 0)
      throw new BadRequest(INVOICE_NOTHING_TO_BILL, [{ path: "jobIds", message: INVOICE_NOTHING_TO_BILL }]);
    const totals: DocumentTotals = documentTotals(
      settings.currency,
      lines.map((line) => line.amounts),
    );
    const billed = await billJobs(tx, member, orderedJobs, lines, settings.currency);
    const issuedOn = dateIn(new Date(), timeZone);
    // The number last: the counter row stays locked only for the three inserts that follow.
    const number = await takeNumber(tx, companyId, "invoice");
    const [invoice] = await tx
      .insert(invoices)
      .values({
        companyId,
        number,
        customerId,
        billTo,
        currency: settings.currency,
        pricesIncludeTax: settings.pricesIncludeTax,
        subtotal: totals.subtotal.amount,
        tax: totals.tax.amount,
        total: totals.total.amount,
        issuedOn,
        dueOn: addDays(issuedOn, settings.paymentTermsDays),
        updatedBy: member.userId,
      })
      .returning();
    await tx.insert(invoiceLines).values(
      lines.map((line, position) => ({
        invoiceId: invoice.id,
        companyId,
        jobId: line.jobId,
        jobItemId: line.jobItemId,
        position,
        name: line.name,
        quantityThousandths: line.quantityThousandths,
        unitPrice: line.unitPrice,
        taxPercentThousandths: line.taxPercentThousandths,
        taxRateName: line.taxRateName,
        net: line.amounts.net.amount,
        tax: line.amounts.tax.amount,
        gross: line.amounts.gross.amount,
      })),
    );
    await tx
      .insert(invoiceJobs)
      .values(orderedJobs.map((job) => ({ invoiceId: invoice.id, jobId: job.id, companyId })));
    // A deposit the customer paid on a job's quote is money in already (docs/quotes.md, "Deposit").
    const quoteIds = orderedJobs.flatMap((job) => (job.quoteId ? [job.quoteId] : []));
    const deposits = await applyQuoteDeposits(tx, invoice, quoteIds, issuedOn, member.userId);
    if (!deposits) return { invoice, billed };
    const settledJob = new Map(deposits.changedJobs.map(({ after }) => [after.id, after]));
    const announced = billed.map((job) => ({ ...job, after: settledJob.get(job.after.id) ?? job.after }));
    return { invoice: deposits.invoice, billed: announced };
  });
  // The office's invoice lists show the new one without a reload (docs/money.md, "Screens").
  await announceInvoice(member, invoice, billed);
  return invoiceDetail(invoice);
}

/** The job's amount and payment status come from its invoice from now on: each job's lines' gross, "billed". */
async function billJobs(
  tx: Executor,
  member: CompanyAccess,
  orderedJobs: JobRow[],
  lines: Line[],
  currency: string,
) {
  const billed: { before: JobRow; after: JobRow }[] = [];
  for (const job of orderedJobs) {
    const gross = sumMoney(
      currency,
      lines.filter((line) => line.jobId === job.id).map((line) => line.amounts.gross),
    );
    const [after] = await tx
      .update(jobs)
      .set({ amount: jobAmountText(gross), paymentStatus: "billed", ...nextVersion(job, member.userId) })
      .where(eq(jobs.id, job.id))
      .returning();
    billed.push({ before: job, after });
  }
  return billed;
}

/** The job's `amount` column holds two decimals: a currency with three keeps its typed amount. */
function jobAmountText(gross: { amount: number; currency: string }): string | null {
  const decimal = moneyDecimal(gross);
  const decimals = decimal.split(".")[1]?.length ?? 0;
  return decimals <= 2 ? decimal : null;
}
