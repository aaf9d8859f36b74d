/**
 * Making and changing quotes (docs/quotes.md). A quote's number comes from the company's
 * counter row of kind "quote", taken in the creating transaction like an invoice's (no gap,
 * no repeat). A quote is edited while it is open (draft, sent, viewed): the options and
 * lines sent replace the stored ones, on the locked row of the version the client saw
 * (409 stale otherwise); once approved or declined it never changes. Only a draft is deleted.
 */
import {
  QUOTE_CUSTOMER_UNKNOWN,
  QUOTE_EXPIRES_IN_PAST,
  QUOTE_NOT_DRAFT,
  QUOTE_NOT_EDITABLE,
  QUOTE_NOT_FOUND,
  type QuoteDTO,
  type TQuoteCreate,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { customers, quoteOptions, quotes } from "../db/schema";
import { BadRequest, Conflict, NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { isOpenQuote } from "../presenters/quotes";
import { loadMoneySettings } from "../queries/money-settings";
import { companyToday, quoteDetail } from "../queries/quotes";
import { depositColumnsOf } from "../quotes/deposit-ask";
import { takeNumber } from "./create-invoice";
import { insertOptions, priceOptions } from "./price-quote";
import { announceQuote } from "./quote-events";
import { assertCurrentVersion, nextVersion } from "./versions";

async function assertCustomer(tx: Executor, companyId: string, customerId: string) {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
  if (!customer)
    throw new BadRequest(QUOTE_CUSTOMER_UNKNOWN, [{ path: "customerId", message: QUOTE_CUSTOMER_UNKNOWN }]);
}

function assertExpiry(expiresOn: string, today: string) {
  if (expiresOn < today)
    throw new BadRequest(QUOTE_EXPIRES_IN_PAST, [{ path: "expiresOn", message: QUOTE_EXPIRES_IN_PAST }]);
}

/** POST /api/quotes */
export async function createQuote(member: CompanyAccess, input: TQuoteCreate): Promise<QuoteDTO> {
  const { companyId } = member;
  const today = await companyToday(companyId);
  assertExpiry(input.expiresOn, today);
  const quote = await db.transaction(async (tx) => {
    await assertCustomer(tx, companyId, input.customerId);
    const settings = await loadMoneySettings(companyId, tx);
    const priced = await priceOptions(tx, companyId, settings, input.options);
    // The number last: the counter row stays locked only for the inserts that follow.
    const number = await takeNumber(tx, companyId, "quote");
    const [row] = await tx
      .insert(quotes)
      .values({
        companyId,
        customerId: input.customerId,
        number,
        expiresOn: input.expiresOn,
        jobType: input.jobType,
        notes: input.notes ?? null,
        currency: settings.currency,
        pricesIncludeTax: settings.pricesIncludeTax,
        ...depositColumnsOf(input.deposit, settings.currency),
        updatedBy: member.userId,
      })
      .returning();
    await insertOptions(tx, row, priced);
    return quoteDetail(row, tx, today);
  });
  announceQuote(quote);
  return quote;
}

/** The quote's row locked, at the version the client saw. */
export async function lockQuote(tx: Executor, id: string, expectedVersion: number | undefined) {
  const [locked] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
  if (!locked) throw new NotFound(QUOTE_NOT_FOUND);
  await assertCurrentVersion(tx, locked, expectedVersion, "quote", () => quoteDetail(locked, tx));
  return locked;
}

/** PUT /api/quotes/:id: the whole quote again; its sent or viewed state stays. */
export async function updateQuote(
  member: CompanyAccess,
  id: string,
  input: TQuoteCreate,
  expectedVersion?: number,
): Promise<QuoteDTO> {
  const { companyId } = member;
  const today = await companyToday(companyId);
  assertExpiry(input.expiresOn, today);
  const quote = await db.transaction(async (tx) => {
    const locked = await lockQuote(tx, id, expectedVersion);
    if (!isOpenQuote(locked.status)) throw new Conflict(QUOTE_NOT_EDITABLE);
    await assertCustomer(tx, companyId, input.customerId);
    const settings = await loadMoneySettings(companyId, tx);
    const priced = await priceOptions(tx, companyId, settings, input.options);
    await tx.delete(quoteOptions).where(eq(quoteOptions.quoteId, id));
    const [row] = await tx
      .update(quotes)
      .set({
        customerId: input.customerId,
        expiresOn: input.expiresOn,
        jobType: input.jobType,
        notes: input.notes ?? null,
        currency: settings.currency,
        pricesIncludeTax: settings.pricesIncludeTax,
        ...depositColumnsOf(input.deposit, settings.currency),
        ...nextVersion(locked, member.userId),
      })
      .where(eq(quotes.id, id))
      .returning();
    await insertOptions(tx, row, priced);
    return quoteDetail(row, tx, today);
  });
  announceQuote(quote);
  return quote;
}

/** DELETE /api/quotes/:id: a draft only (a sent one is the customer's to decide). */
export async function deleteQuote(id: string, expectedVersion?: number): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    const locked = await lockQuote(tx, id, expectedVersion);
    if (locked.status !== "draft") throw new Conflict(QUOTE_NOT_DRAFT);
    const detail = await quoteDetail(locked, tx);
    await tx.delete(quotes).where(eq(quotes.id, id));
    return detail;
  });
  // The office's lists read again on the event and leave it out.
  announceQuote({ ...gone, version: gone.version + 1 });
}
