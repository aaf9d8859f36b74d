/** Quotes, their options and lines as the API answers them (docs/quotes.md). */
import {
  type CardMode,
  type JobType,
  type PublicQuoteDTO,
  type QuoteDepositPaidDTO,
  type QuoteDTO,
  type QuoteLineDTO,
  type QuoteOptionDTO,
  type QuoteStatus,
  type QuoteSummaryDTO,
  quoteDepositOf,
  quoteLineAmounts,
} from "@sched/shared-types";
import type { quoteLines, quoteOptions, quotes } from "../db/schema";
import { depositAskOf } from "../quotes/deposit-ask";
import { fromThousandths } from "./money";

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteOptionRow = typeof quoteOptions.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;

/** Still open for the customer: neither decided nor marked expired. */
export const isOpenQuote = (status: string) => status === "draft" || status === "sent" || status === "viewed";

/**
 * The status people see: an open quote past its expiry date (the company's `today`) is
 * expired, whether or not a read has stored that yet.
 */
export const quoteStatusOn = (row: Pick<QuoteRow, "status" | "expiresOn">, today: string): QuoteStatus =>
  isOpenQuote(row.status) && row.expiresOn < today ? "expired" : (row.status as QuoteStatus);

function presentLine(row: QuoteLineRow, quote: QuoteRow): QuoteLineDTO {
  const money = (amount: number) => ({ amount, currency: quote.currency });
  const discountPercent =
    row.discountPercentThousandths === null ? null : fromThousandths(row.discountPercentThousandths);
  const taxPercent = row.taxPercentThousandths === null ? null : fromThousandths(row.taxPercentThousandths);
  const quantity = fromThousandths(row.quantityThousandths);
  // The same arithmetic that priced the line says what its discount took off.
  const priced = quoteLineAmounts({
    unitPrice: money(row.unitPrice),
    quantity,
    discountPercent,
    discountAmount: row.discountAmount,
    taxPercent,
    pricesIncludeTax: quote.pricesIncludeTax,
  });
  return {
    id: row.id,
    priceBookItemId: row.priceBookItemId,
    name: row.name,
    quantity,
    unitPrice: money(row.unitPrice),
    discountPercent,
    discountAmount: row.discountAmount === null ? null : money(row.discountAmount),
    discount: priced?.discount ?? money(0),
    taxPercent,
    optional: row.optional,
    chosen: row.chosen,
    position: row.position,
    net: money(row.net),
    tax: money(row.tax),
    gross: money(row.gross),
  };
}

export function presentOptions(
  row: QuoteRow,
  options: QuoteOptionRow[],
  lines: QuoteLineRow[],
): QuoteOptionDTO[] {
  const money = (amount: number) => ({ amount, currency: row.currency });
  const ask = depositAskOf(row);
  return options
    .sort((a, b) => a.position - b.position)
    .map((option) => ({
      id: option.id,
      name: option.name,
      position: option.position,
      lines: lines
        .filter((line) => line.optionId === option.id)
        .sort((a, b) => a.position - b.position)
        .map((line) => presentLine(line, row)),
      subtotal: money(option.subtotal),
      tax: money(option.tax),
      total: money(option.total),
      deposit: quoteDepositOf(money(option.total), ask),
    }));
}

export function presentQuote(
  row: QuoteRow,
  customerName: string,
  options: QuoteOptionDTO[],
  jobIds: string[],
  today: string,
  depositPaid: QuoteDepositPaidDTO | null = null,
): QuoteDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    customerId: row.customerId,
    customerName,
    number: row.number,
    status: quoteStatusOn(row, today),
    expiresOn: row.expiresOn,
    jobType: row.jobType as JobType,
    notes: row.notes,
    currency: row.currency,
    pricesIncludeTax: row.pricesIncludeTax,
    options,
    approvedOptionId: row.approvedOptionId,
    approvedBy: row.approvedBy,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    declinedAt: row.declinedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    viewedAt: row.viewedAt?.toISOString() ?? null,
    jobIds,
    deposit: depositAskOf(row),
    depositPaid,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentQuoteSummary(quote: QuoteDTO): QuoteSummaryDTO {
  return { ...quote, options: quote.options.map(({ lines: _lines, ...option }) => option) };
}

/** What is still to pay of the approved option's deposit; null when nothing is (or none was asked). */
export function depositDueOf(quote: QuoteDTO): QuoteDTO["options"][number]["deposit"] {
  const asked = quote.options.find((option) => option.id === quote.approvedOptionId)?.deposit;
  if (quote.status !== "approved" || !asked) return null;
  const due = asked.amount - (quote.depositPaid?.amount.amount ?? 0);
  return due > 0 ? { amount: due, currency: asked.currency } : null;
}

export function presentPublicQuote(
  quote: QuoteDTO,
  company: PublicQuoteDTO["company"],
  locale: string,
  card: CardMode,
): PublicQuoteDTO {
  return {
    number: quote.number,
    status: quote.status,
    expiresOn: quote.expiresOn,
    notes: quote.notes,
    currency: quote.currency,
    pricesIncludeTax: quote.pricesIncludeTax,
    locale,
    company,
    customerName: quote.customerName,
    options: quote.options,
    approvedOptionId: quote.approvedOptionId,
    approvedBy: quote.approvedBy,
    approvedAt: quote.approvedAt,
    declineReason: quote.declineReason,
    deposit: quote.deposit,
    depositPaid: quote.depositPaid?.amount ?? null,
    depositDue: depositDueOf(quote),
    card,
  };
}
