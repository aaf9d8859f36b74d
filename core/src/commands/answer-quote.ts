/**
 * The customer's side of a quote (docs/quotes.md), public, the signed link being the key:
 * reading it (the first read marks it viewed), approving one option by typing their name,
 * or declining with a reason. An expired or decided quote answers 409 with what happened.
 *
 * Approval makes the option's job in the Unscheduled tray, its lines as the job's items, in
 * the transaction that holds the quote's row lock: two approvals at once take turns, and the
 * second finds the quote approved (409), so the job is made exactly once.
 */
import {
  type JobType,
  type PublicQuoteDTO,
  QUOTE_ALREADY_APPROVED,
  QUOTE_ALREADY_DECLINED,
  QUOTE_EXPIRED,
  QUOTE_NOT_FOUND,
  QUOTE_OPTION_UNKNOWN,
  QUOTE_OPTIONAL_LINE_UNKNOWN,
  type QuoteDTO,
  quoteLabel,
  quoteOptionTotals,
  type TQuoteApprove,
  type TQuoteDecline,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { companies, customers, jobItems, jobs, quoteLines, quoteOptions, quotes } from "../db/schema";
import { BadRequest, Conflict, NotFound } from "../errors";
import { logger } from "../logger";
import { cardMode } from "../payments/card-checkout";
import { jobPlaceOnSave } from "../places/on-save";
import { requestStreetLookup } from "../places/street-lookup";
import { presentJob } from "../presenters/jobs";
import { presentPublicQuote, quoteStatusOn } from "../presenters/quotes";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { withWarnings } from "../queries/job-warnings";
import { loadMoneySettings } from "../queries/money-settings";
import { companyToday, quoteDetail } from "../queries/quotes";
import { quoteIdOfToken } from "../quotes/quote-token";
import { announceQuote } from "./quote-events";

type QuoteRow = typeof quotes.$inferSelect;
type JobRow = typeof jobs.$inferSelect;

/** The quote a token opens; a bad token and a draft (never sent) are the same 404. */
export async function quoteOfToken(executor: Executor, token: string, lock: boolean): Promise<QuoteRow> {
  const id = quoteIdOfToken(token);
  if (!id) throw new NotFound(QUOTE_NOT_FOUND);
  const query = executor.select().from(quotes).where(eq(quotes.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || row.status === "draft") throw new NotFound(QUOTE_NOT_FOUND);
  return row;
}

export async function publicView(quote: QuoteDTO, executor: Executor = db): Promise<PublicQuoteDTO> {
  const [[company], settings, { country }] = await Promise.all([
    executor.select({ name: companies.name }).from(companies).where(eq(companies.id, quote.companyId)),
    loadMoneySettings(quote.companyId, executor),
    loadCompanySettings(quote.companyId, executor),
  ]);
  const shown = {
    name: company?.name ?? "",
    documentAddress: settings.documentAddress,
    taxNumbers: settings.taxNumbers,
    logoVersion: settings.logo?.version ?? null,
  };
  return presentPublicQuote(quote, shown, `en-${country}`, cardMode());
}

/** 409 unless the customer may still answer: why not, in their words. */
function assertOpen(row: QuoteRow, today: string) {
  const status = quoteStatusOn(row, today);
  if (status === "approved") throw new Conflict(QUOTE_ALREADY_APPROVED);
  if (status === "declined") throw new Conflict(QUOTE_ALREADY_DECLINED);
  if (status === "expired") throw new Conflict(QUOTE_EXPIRED);
}

/** GET /api/public/quotes/:token: the first read of a sent quote marks it viewed. */
export async function viewQuote(token: string): Promise<PublicQuoteDTO> {
  const seen = await quoteOfToken(db, token, false);
  const today = await companyToday(seen.companyId);
  if (seen.status !== "sent" || quoteStatusOn(seen, today) === "expired") {
    return publicView(await quoteDetail(seen, db, today));
  }
  const quote = await db.transaction(async (tx) => {
    const locked = await quoteOfToken(tx, token, true);
    if (locked.status !== "sent") return { detail: await quoteDetail(locked, tx, today), changed: false };
    const [row] = await tx
      .update(quotes)
      .set({ status: "viewed", viewedAt: new Date(), version: locked.version + 1, updatedAt: new Date() })
      .where(eq(quotes.id, locked.id))
      .returning();
    return { detail: await quoteDetail(row, tx, today), changed: true };
  });
  if (quote.changed) announceQuote(quote.detail);
  return publicView(quote.detail);
}

/** The job the approved option makes: the customer's, at their address, unscheduled. */
async function makeJob(tx: Executor, row: QuoteRow, optionName: string): Promise<JobRow> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, row.customerId));
  const location = customer.address ?? customer.name;
  const place = await jobPlaceOnSave(tx, row.companyId, undefined, location, customer.id);
  const [job] = await tx
    .insert(jobs)
    .values({
      companyId: row.companyId,
      type: row.jobType as JobType,
      location,
      // What was approved heads the description: the board's card shows the job's type.
      description: [`Quote ${quoteLabel(row.number)}: ${optionName}`, row.notes].filter(Boolean).join("\n"),
      customerId: customer.id,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      quoteId: row.id,
      ...place,
    })
    .returning();
  return job;
}

/**
 * The option's lines as the job's items (what an invoice bills later: docs/money.md). A
 * discounted line becomes one item of its discounted amount, so the invoice bills what the
 * customer approved, to the cent.
 */
function itemsOf(row: QuoteRow, job: JobRow, lines: (typeof quoteLines.$inferSelect)[]) {
  return lines.map((line) => {
    const discounted = line.discountPercentThousandths !== null || line.discountAmount !== null;
    const quantity = line.quantityThousandths / 1000;
    return {
      companyId: row.companyId,
      jobId: job.id,
      priceBookItemId: line.priceBookItemId,
      name: discounted ? `${line.name} (${quantity} × less discount)` : line.name,
      quantityThousandths: discounted ? 1000 : line.quantityThousandths,
      unitPrice: discounted ? (row.pricesIncludeTax ? line.gross : line.net) : line.unitPrice,
      currency: row.currency,
      taxPercentThousandths: line.taxPercentThousandths,
      taxRateName: line.taxRateName,
    };
  });
}

/** POST /api/public/quotes/:token/approve */
export async function approveQuote(token: string, input: TQuoteApprove): Promise<PublicQuoteDTO> {
  const done = await db.transaction(async (tx) => {
    const locked = await quoteOfToken(tx, token, true);
    const today = await companyToday(locked.companyId, tx);
    assertOpen(locked, today);
    const [option] = await tx
      .select()
      .from(quoteOptions)
      .where(and(eq(quoteOptions.id, input.option), eq(quoteOptions.quoteId, locked.id)));
    if (!option)
      throw new BadRequest(QUOTE_OPTION_UNKNOWN, [{ path: "option", message: QUOTE_OPTION_UNKNOWN }]);
    const lines = await tx.select().from(quoteLines).where(eq(quoteLines.optionId, option.id));
    const chosenIds = new Set(input.optionalLineIds ?? []);
    const optionalIds = new Set(lines.filter((line) => line.optional).map((line) => line.id));
    if ([...chosenIds].some((id) => !optionalIds.has(id)))
      throw new BadRequest(QUOTE_OPTIONAL_LINE_UNKNOWN, [
        { path: "optionalLineIds", message: QUOTE_OPTIONAL_LINE_UNKNOWN },
      ]);
    const approvedLines = lines
      .map((line) => ({ ...line, chosen: chosenIds.has(line.id) }))
      .sort((a, b) => a.position - b.position);
    for (const line of approvedLines.filter((line) => line.chosen)) {
      await tx.update(quoteLines).set({ chosen: true }).where(eq(quoteLines.id, line.id));
    }
    const money = (amount: number) => ({ amount, currency: locked.currency });
    const totals = quoteOptionTotals(
      locked.currency,
      approvedLines.map((line) => ({
        net: money(line.net),
        tax: money(line.tax),
        gross: money(line.gross),
        optional: line.optional,
        chosen: line.chosen,
      })),
    );
    await tx
      .update(quoteOptions)
      .set({ subtotal: totals.subtotal.amount, tax: totals.tax.amount, total: totals.total.amount })
      .where(eq(quoteOptions.id, option.id));
    const now = new Date();
    const [row] = await tx
      .update(quotes)
      .set({
        status: "approved",
        approvedOptionId: option.id,
        approvedBy: input.name,
        approvedAt: now,
        version: locked.version + 1,
        updatedAt: now,
      })
      .where(eq(quotes.id, locked.id))
      .returning();
    const job = await makeJob(tx, row, option.name);
    const billed = approvedLines.filter((line) => !line.optional || line.chosen);
    if (billed.length > 0) await tx.insert(jobItems).values(itemsOf(row, job, billed));
    const detail = await quoteDetail(row, tx, today);
    return { job, customerName: detail.customerName, detail };
  });
  // Committed: the tray shows the job, the office's quote list reads again.
  const presented = presentJob(done.job, done.customerName);
  publish(done.job.companyId, "job.created", await withWarnings(presented).catch(() => presented));
  announceQuote(done.detail);
  await requestStreetLookup(
    { companyId: done.job.companyId, kind: "job", id: done.job.id },
    { ...done.job, address: done.job.location },
  ).catch((error: unknown) => logger.warn({ err: error, jobId: done.job.id }, "street lookup not asked"));
  return publicView(done.detail);
}

/** POST /api/public/quotes/:token/decline */
export async function declineQuote(token: string, input: TQuoteDecline): Promise<PublicQuoteDTO> {
  const detail = await db.transaction(async (tx) => {
    const locked = await quoteOfToken(tx, token, true);
    const today = await companyToday(locked.companyId, tx);
    assertOpen(locked, today);
    const now = new Date();
    const [row] = await tx
      .update(quotes)
      .set({
        status: "declined",
        declineReason: input.reason,
        declinedAt: now,
        version: locked.version + 1,
        updatedAt: now,
      })
      .where(eq(quotes.id, locked.id))
      .returning();
    return quoteDetail(row, tx, today);
  });
  announceQuote(detail);
  return publicView(detail);
}
