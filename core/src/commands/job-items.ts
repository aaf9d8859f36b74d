/**
 * What a technician adds to a job on site (docs/money.md): items from the price book (its
 * price and tax rate, unless the office gives a price) or typed with a price. Added from
 * My Day, offline too: the route's Idempotency-Key makes the outbox's replay add once. A
 * technician changes only their own jobs' items (the progress rule); nothing changes on a
 * job once it is on an open invoice.
 */
import {
  currencyNotTheCompanys,
  JOB_ITEM_NAME_REQUIRED,
  JOB_ITEM_NOT_FOUND,
  JOB_ITEM_PRICE_REQUIRED,
  type JobItemDTO,
  PRICE_BOOK_ITEM_NOT_FOUND,
  PRICES_HIDDEN,
  type TJobItemCreate,
  toScaledInteger,
} from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../db/client";
import { jobItems, type jobs, priceBookItems, taxRates } from "../db/schema";
import { BadRequest, Conflict, Forbidden, NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { openInvoiceOf } from "../policies/invoiced-job";
import { assertProgressAllowed } from "../policies/job-progress";
import { presentJobItem } from "../presenters/money";
import { loadMoneySettings, maySeePrices } from "../queries/money-settings";

export const JOB_ON_INVOICE =
  "This job is on an invoice: void it or add a credit note to change what it bills";

type JobRow = typeof jobs.$inferSelect;
const UUID = z.uuid();

/** 409 while the job is on an open invoice. */
async function assertNotInvoiced(jobId: string) {
  const invoiceId = await openInvoiceOf(db, jobId);
  if (invoiceId) throw new Conflict(JOB_ON_INVOICE, { invoiceId });
}

export async function listJobItems(member: CompanyAccess, job: JobRow): Promise<JobItemDTO[]> {
  await assertProgressAllowed(db, member, job, {}, job.date);
  const showPrice = await maySeePrices(member);
  const rows = await db
    .select()
    .from(jobItems)
    .where(eq(jobItems.jobId, job.id))
    .orderBy(asc(jobItems.createdAt), asc(jobItems.id));
  return rows.map((row) => presentJobItem(row, showPrice));
}

/** The price book item of the company by id, or 400 on the field naming it. */
async function priceBookItemOf(companyId: string, id: string) {
  const [found] = await db
    .select({ item: priceBookItems, ratePercent: taxRates.percentThousandths, rateName: taxRates.name })
    .from(priceBookItems)
    .leftJoin(taxRates, eq(taxRates.id, priceBookItems.taxRateId))
    .where(and(eq(priceBookItems.id, id), eq(priceBookItems.companyId, companyId)));
  if (!found)
    throw new BadRequest(PRICE_BOOK_ITEM_NOT_FOUND, [
      { path: "priceBookItemId", message: PRICE_BOOK_ITEM_NOT_FOUND },
    ]);
  return found;
}

/** POST /api/jobs/:id/items */
export async function addJobItem(
  member: CompanyAccess,
  job: JobRow,
  input: TJobItemCreate,
): Promise<JobItemDTO> {
  await assertProgressAllowed(db, member, job, {}, job.date);
  const showPrice = await maySeePrices(member);
  if (input.unitPrice && !showPrice) throw new Forbidden(PRICES_HIDDEN);
  const { currency } = await loadMoneySettings(member.companyId);
  const from = input.priceBookItemId
    ? await priceBookItemOf(member.companyId, input.priceBookItemId)
    : undefined;
  const name = input.name ?? from?.item.name;
  if (!name)
    throw new BadRequest(JOB_ITEM_NAME_REQUIRED, [{ path: "name", message: JOB_ITEM_NAME_REQUIRED }]);
  const unitPrice =
    input.unitPrice ?? (from ? { amount: from.item.unitPrice, currency: from.item.currency } : null);
  if (!unitPrice)
    throw new BadRequest(JOB_ITEM_PRICE_REQUIRED, [{ path: "unitPrice", message: JOB_ITEM_PRICE_REQUIRED }]);
  if (unitPrice.currency !== currency) {
    const message = currencyNotTheCompanys(currency);
    throw new BadRequest(message, [{ path: "unitPrice.currency", message }]);
  }
  await assertNotInvoiced(job.id);
  const [row] = await db
    .insert(jobItems)
    .values({
      companyId: member.companyId,
      jobId: job.id,
      priceBookItemId: from?.item.id ?? null,
      name,
      quantityThousandths: Number(toScaledInteger(input.quantity, 3)),
      unitPrice: unitPrice.amount,
      currency,
      taxPercentThousandths: from?.ratePercent ?? null,
      taxRateName: from?.rateName ?? null,
      createdBy: member.userId,
    })
    .returning();
  return presentJobItem(row, showPrice);
}

/** DELETE /api/jobs/:id/items/:itemId: an item of another job is not found. */
export async function deleteJobItem(member: CompanyAccess, job: JobRow, itemId: string): Promise<void> {
  await assertProgressAllowed(db, member, job, {}, job.date);
  if (!UUID.safeParse(itemId).success) throw new NotFound(JOB_ITEM_NOT_FOUND);
  // An item that is not the job's is not found, whatever the job's invoice says.
  const [item] = await db
    .select({ id: jobItems.id })
    .from(jobItems)
    .where(and(eq(jobItems.id, itemId), eq(jobItems.jobId, job.id)));
  if (!item) throw new NotFound(JOB_ITEM_NOT_FOUND);
  await assertNotInvoiced(job.id);
  const gone = await db
    .delete(jobItems)
    .where(and(eq(jobItems.id, itemId), eq(jobItems.jobId, job.id)))
    .returning({ id: jobItems.id });
  if (gone.length === 0) throw new NotFound(JOB_ITEM_NOT_FOUND);
}
