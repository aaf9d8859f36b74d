/** Reading quotes (docs/quotes.md): one with its options and lines, a company's list, the customer's page. */
import { dateIn, type QuoteDTO, type QuoteStatus, type QuoteSummaryDTO } from "@sched/shared-types";
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { customers, jobs, quoteLines, quoteOptions, quotes } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { presentOptions, presentQuote, presentQuoteSummary, type QuoteRow } from "../presenters/quotes";
import { loadCompanySettings } from "./company-settings";
import { depositsPaidOf } from "./quote-deposits";

/** The company's calendar day: a quote expires at the end of its `expiresOn` there. */
export async function companyToday(companyId: string, executor: Executor = db): Promise<string> {
  const { timeZone } = await loadCompanySettings(companyId, executor);
  return dateIn(new Date(), timeZone);
}

export async function quoteDetail(row: QuoteRow, executor: Executor = db, today?: string): Promise<QuoteDTO> {
  const [options, [customer], made, day, deposits] = await Promise.all([
    executor
      .select()
      .from(quoteOptions)
      .where(eq(quoteOptions.quoteId, row.id))
      .orderBy(asc(quoteOptions.position)),
    executor.select({ name: customers.name }).from(customers).where(eq(customers.id, row.customerId)),
    executor
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.companyId, row.companyId), eq(jobs.quoteId, row.id))),
    today ?? companyToday(row.companyId, executor),
    depositsPaidOf([row.id], executor),
  ]);
  const lines =
    options.length === 0
      ? []
      : await executor
          .select()
          .from(quoteLines)
          .where(
            inArray(
              quoteLines.optionId,
              options.map((option) => option.id),
            ),
          );
  return presentQuote(
    row,
    customer?.name ?? "",
    presentOptions(row, options, lines),
    made.map((job) => job.id),
    day,
    deposits.get(row.id) ?? null,
  );
}

const OPEN = ["draft", "sent", "viewed"];

/** The filter of one status as people see it: an open quote past its date is "expired". */
function statusFilter(status: QuoteStatus, today: string): SQL | undefined {
  if (status === "expired")
    return or(eq(quotes.status, "expired"), and(inArray(quotes.status, OPEN), lt(quotes.expiresOn, today)));
  if (OPEN.includes(status)) return and(eq(quotes.status, status), gte(quotes.expiresOn, today));
  return eq(quotes.status, status);
}

/** The company's quotes, newest number first, each option's totals without its lines. */
export async function listQuotes(
  member: CompanyAccess,
  filter: { status?: QuoteStatus; customerId?: string },
): Promise<QuoteSummaryDTO[]> {
  const today = await companyToday(member.companyId);
  const rows = await db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, member.companyId),
        filter.status ? statusFilter(filter.status, today) : undefined,
        filter.customerId ? eq(quotes.customerId, filter.customerId) : undefined,
      ),
    )
    .orderBy(desc(quotes.number))
    .limit(500);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [options, names, made, deposits] = await Promise.all([
    db.select().from(quoteOptions).where(inArray(quoteOptions.quoteId, ids)),
    db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(
        inArray(
          customers.id,
          rows.map((row) => row.customerId),
        ),
      ),
    db
      .select({ id: jobs.id, quoteId: jobs.quoteId })
      .from(jobs)
      .where(and(eq(jobs.companyId, member.companyId), inArray(jobs.quoteId, ids))),
    depositsPaidOf(ids),
  ]);
  const nameOf = new Map(names.map((customer) => [customer.id, customer.name]));
  return rows.map((row) =>
    presentQuoteSummary(
      presentQuote(
        row,
        nameOf.get(row.customerId) ?? "",
        presentOptions(
          row,
          options.filter((option) => option.quoteId === row.id),
          [],
        ),
        made.filter((job) => job.quoteId === row.id).map((job) => job.id),
        today,
        deposits.get(row.id) ?? null,
      ),
    ),
  );
}
