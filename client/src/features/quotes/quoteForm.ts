/**
 * The quote editor's values and what they become (docs/quotes.md): prices are typed as
 * decimals ("125.50") and sent as the currency's minor units read from the text, never
 * through a float. The totals shown while typing use the server's own line arithmetic
 * (shared-types quote-lines.ts); after a save the server's answer is what counts.
 */
import {
  type DocumentTotals,
  type JobType,
  type MoneySettingsDTO,
  moneyDecimal,
  type PriceBookItemDTO,
  parseMoneyDecimal,
  QUOTE_DEFAULT_JOB_TYPE,
  type QuoteDTO,
  type QuoteLineAmounts,
  quoteDepositOf,
  quoteLineAmounts,
  quoteOptionTotals,
} from "@sched/shared-types";
import dayjs, { type Dayjs } from "dayjs";
import { toISODate } from "../../lib/dates";
import type { QuoteInput } from "./useQuotes";

/** How long a new quote stands, from today. */
export const DEFAULT_VALID_DAYS = 30;

/** The names a new quote's options start with, in order: good, better, best. */
export const OPTION_NAMES = ["Good", "Better", "Best", "Option 4", "Option 5"];

export type LineValues = {
  priceBookItemId?: string | null;
  name?: string;
  quantity?: number | null;
  /** Decimal text in the company's currency. */
  unitPrice?: string;
  discountPercent?: number | null;
  /** A discount amount the API may carry; the editor keeps it as it was (minor units). */
  discountAmount?: number | null;
  optional?: boolean;
  /** The tax the line is expected to carry: its price book item's rate (no field; for the totals). */
  taxPercent?: number | null;
};

export type OptionValues = { name?: string; lines?: LineValues[] };

/** The deposit as the editor holds it: a kind, and a percent or an amount's decimal text. */
export type DepositValues = {
  kind?: "none" | "percent" | "amount";
  percent?: number | null;
  amount?: string;
};

export type QuoteFormValues = {
  customerId?: string;
  options?: OptionValues[];
  expiresOn?: Dayjs | null;
  jobType?: JobType;
  notes?: string;
  deposit?: DepositValues;
};

export const emptyLine = (): LineValues => ({ name: "", quantity: 1, unitPrice: "", optional: false });

/** A line nothing was typed into yet. */
export const isBlankLine = (line: LineValues | undefined) =>
  !line?.priceBookItemId && !line?.name?.trim() && !line?.unitPrice?.trim();

/** A new quote: one option named Good, one empty line, standing 30 days. */
export function newQuoteValues(customerId?: string): QuoteFormValues {
  return {
    customerId,
    options: [{ name: OPTION_NAMES[0], lines: [emptyLine()] }],
    expiresOn: dayjs().add(DEFAULT_VALID_DAYS, "day"),
    jobType: QUOTE_DEFAULT_JOB_TYPE,
    notes: "",
    deposit: { kind: "none" },
  };
}

/** The tax percent of a price book item by its rate (null: no tax). */
export function itemTaxPercent(item: PriceBookItemDTO, settings: MoneySettingsDTO): number | null {
  return settings.taxRates.find((rate) => rate.id === item.taxRateId)?.percent ?? null;
}

/** A line from the price book: its name, price and tax, one of it. */
export const lineFromItem = (item: PriceBookItemDTO, settings: MoneySettingsDTO): LineValues => ({
  priceBookItemId: item.id,
  name: item.name,
  quantity: 1,
  unitPrice: moneyDecimal(item.unitPrice),
  optional: false,
  taxPercent: itemTaxPercent(item, settings),
});

/** The editor's values for a saved quote. */
export function valuesFromQuote(quote: QuoteDTO): QuoteFormValues {
  return {
    customerId: quote.customerId,
    expiresOn: dayjs(quote.expiresOn),
    jobType: quote.jobType,
    notes: quote.notes ?? "",
    deposit: depositValuesOf(quote.deposit),
    options: [...quote.options]
      .sort((a, b) => a.position - b.position)
      .map((option) => ({
        name: option.name,
        lines: [...option.lines]
          .sort((a, b) => a.position - b.position)
          .map((line) => ({
            priceBookItemId: line.priceBookItemId,
            name: line.name,
            quantity: line.quantity,
            unitPrice: moneyDecimal(line.unitPrice),
            discountPercent: line.discountPercent,
            discountAmount: line.discountAmount?.amount ?? null,
            optional: line.optional,
            taxPercent: line.taxPercent,
          })),
      })),
  };
}

const blankToNull = (value: number | null | undefined) => (value === undefined ? null : value);

/** What the API receives; `currency` is the company's. Field checks ran before (the form's rules). */
export function quoteInput(values: QuoteFormValues, currency: string): QuoteInput {
  return {
    customerId: values.customerId ?? "",
    expiresOn: values.expiresOn ? toISODate(values.expiresOn) : "",
    jobType: values.jobType ?? QUOTE_DEFAULT_JOB_TYPE,
    notes: values.notes?.trim() || null,
    deposit: depositInput(values.deposit, currency),
    options: (values.options ?? []).map((option) => ({
      name: option.name ?? "",
      lines: (option.lines ?? []).map((line) => {
        const amount = parseMoneyDecimal(line.unitPrice ?? "", currency);
        // A percent typed here wins over an amount the quote carried from the API.
        const discountPercent = blankToNull(line.discountPercent);
        const discountAmount = discountPercent === null ? blankToNull(line.discountAmount) : null;
        return {
          priceBookItemId: line.priceBookItemId ?? null,
          name: line.name?.trim() || null,
          quantity: line.quantity ?? 0,
          unitPrice: amount === undefined ? null : { amount, currency },
          discountPercent,
          discountAmount: discountAmount === null ? null : { amount: discountAmount, currency },
          optional: Boolean(line.optional),
        };
      }),
    })),
  };
}

/** A line's amounts as typed so far; undefined while its price or quantity is no amount yet. */
export function previewLine(
  line: LineValues | undefined,
  currency: string,
  pricesIncludeTax: boolean,
): QuoteLineAmounts | undefined {
  const amount = parseMoneyDecimal(line?.unitPrice ?? "", currency);
  const quantity = line?.quantity;
  if (!line || amount === undefined || amount < 0 || !quantity || quantity <= 0) return undefined;
  try {
    return quoteLineAmounts({
      unitPrice: { amount, currency },
      quantity,
      discountPercent: blankToNull(line.discountPercent),
      discountAmount: line.discountPercent == null ? blankToNull(line.discountAmount) : null,
      taxPercent: blankToNull(line.taxPercent),
      pricesIncludeTax,
    });
  } catch {
    // More decimals than the arithmetic takes: the field's own message says so.
    return undefined;
  }
}

/** An option's totals as typed: its required lines (optional ones count once the customer ticks them). */
export function previewOption(
  option: OptionValues | undefined,
  currency: string,
  pricesIncludeTax: boolean,
): DocumentTotals {
  const lines = (option?.lines ?? []).flatMap((line) => {
    const amounts = previewLine(line, currency, pricesIncludeTax);
    return amounts ? [{ ...amounts, optional: Boolean(line.optional), chosen: false }] : [];
  });
  return quoteOptionTotals(currency, lines);
}

/** The editor's deposit fields for a saved quote's ask. */
function depositValuesOf(ask: QuoteDTO["deposit"]): DepositValues {
  if (!ask) return { kind: "none" };
  if (ask.kind === "percent") return { kind: "percent", percent: ask.percent };
  return { kind: "amount", amount: moneyDecimal(ask.amount) };
}

/** The ask the API receives: a percent, minor units read from the typed text, or none. */
export function depositInput(values: DepositValues | undefined, currency: string): QuoteInput["deposit"] {
  if (values?.kind === "percent") return { kind: "percent", percent: values.percent ?? 0 };
  if (values?.kind === "amount")
    return {
      kind: "amount",
      amount: { amount: parseMoneyDecimal(values.amount ?? "", currency) ?? 0, currency },
    };
  return null;
}

/** What the deposit asks on an option of `total` as typed (null: none, or not an amount yet). */
export function previewDeposit(values: DepositValues | undefined, total: DocumentTotals["total"]) {
  const ask = depositInput(values, total.currency);
  if (!ask || (ask.kind === "percent" && !(ask.percent > 0 && ask.percent <= 100))) return null;
  if (ask.kind === "amount" && ask.amount.amount <= 0) return null;
  try {
    return quoteDepositOf(total, ask);
  } catch {
    // More decimals than the arithmetic takes: the field's own message says so.
    return null;
  }
}
