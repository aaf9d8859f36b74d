/**
 * Pricing a quote's options (docs/quotes.md): each line from the price book (its name, price
 * and tax rate unless the office gives a name or price) or typed, in the company's currency,
 * priced with the shared arithmetic (quoteLineAmounts: half-even per line, totals the sums
 * of the rounded lines). Optional lines are priced but left out of the totals until chosen.
 */
import {
  currencyNotTheCompanys,
  type MoneySettingsDTO,
  PRICE_BOOK_ITEM_NOT_FOUND,
  QUOTE_DISCOUNT_TOO_LARGE,
  QUOTE_LINE_NAME_REQUIRED,
  QUOTE_LINE_PRICE_REQUIRED,
  type QuoteLineAmounts,
  quoteLineAmounts,
  quoteOptionTotals,
  type TQuoteOptionInput,
  toScaledInteger,
} from "@sched/shared-types";
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/client";
import { priceBookItems, quoteLines, quoteOptions, taxRates } from "../db/schema";
import { BadRequest } from "../errors";

type PricedLine = {
  priceBookItemId: string | null;
  name: string;
  quantityThousandths: number;
  unitPrice: number;
  discountPercentThousandths: number | null;
  discountAmount: number | null;
  taxPercentThousandths: number | null;
  taxRateName: string | null;
  optional: boolean;
  amounts: QuoteLineAmounts;
};

const fieldError = (path: string, message: string) => new BadRequest(message, [{ path, message }]);

/** The company's price book items the options name, with their tax rates. */
async function priceBookOf(tx: Executor, companyId: string, options: TQuoteOptionInput[]) {
  const ids = [
    ...new Set(options.flatMap((option) => option.lines.flatMap((line) => line.priceBookItemId ?? []))),
  ];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ item: priceBookItems, ratePercent: taxRates.percentThousandths, rateName: taxRates.name })
    .from(priceBookItems)
    .leftJoin(taxRates, eq(taxRates.id, priceBookItems.taxRateId))
    .where(and(eq(priceBookItems.companyId, companyId), inArray(priceBookItems.id, ids)));
  return new Map(rows.map((row) => [row.item.id, row]));
}

/** Each option's lines priced, or 400 naming the field (options.1.lines.0.unitPrice). */
export async function priceOptions(
  tx: Executor,
  companyId: string,
  settings: MoneySettingsDTO,
  options: TQuoteOptionInput[],
) {
  const { currency, pricesIncludeTax } = settings;
  const book = await priceBookOf(tx, companyId, options);
  return options.map((option, o) => {
    const lines: PricedLine[] = option.lines.map((line, l) => {
      const at = `options.${o}.lines.${l}`;
      const from = line.priceBookItemId ? book.get(line.priceBookItemId) : undefined;
      if (line.priceBookItemId && !from) throw fieldError(`${at}.priceBookItemId`, PRICE_BOOK_ITEM_NOT_FOUND);
      const name = line.name ?? from?.item.name;
      if (!name) throw fieldError(`${at}.name`, QUOTE_LINE_NAME_REQUIRED);
      const unitPrice =
        line.unitPrice ?? (from ? { amount: from.item.unitPrice, currency: from.item.currency } : null);
      if (!unitPrice) throw fieldError(`${at}.unitPrice`, QUOTE_LINE_PRICE_REQUIRED);
      if (unitPrice.currency !== currency)
        throw fieldError(`${at}.unitPrice.currency`, currencyNotTheCompanys(currency));
      if (line.discountAmount && line.discountAmount.currency !== currency)
        throw fieldError(`${at}.discountAmount.currency`, currencyNotTheCompanys(currency));
      const taxPercentThousandths: number | null = from?.ratePercent ?? null;
      const amounts = quoteLineAmounts({
        unitPrice,
        quantity: line.quantity,
        discountPercent: line.discountPercent ?? null,
        discountAmount: line.discountAmount?.amount ?? null,
        taxPercent: taxPercentThousandths === null ? null : taxPercentThousandths / 1000,
        pricesIncludeTax,
      });
      if (!amounts) throw fieldError(`${at}.discountAmount`, QUOTE_DISCOUNT_TOO_LARGE);
      return {
        priceBookItemId: from?.item.id ?? null,
        name,
        quantityThousandths: Number(toScaledInteger(line.quantity, 3)),
        unitPrice: unitPrice.amount,
        discountPercentThousandths:
          line.discountPercent == null ? null : Number(toScaledInteger(line.discountPercent, 3)),
        discountAmount: line.discountAmount?.amount ?? null,
        taxPercentThousandths,
        taxRateName: from?.rateName ?? null,
        optional: line.optional ?? false,
        amounts,
      };
    });
    const totals = quoteOptionTotals(
      currency,
      lines.map((line) => ({ ...line.amounts, optional: line.optional, chosen: false })),
    );
    return { name: option.name, lines, totals };
  });
}

/** Writes the priced options of a quote (its old ones already removed). */
export async function insertOptions(
  tx: Executor,
  quote: { id: string; companyId: string },
  priced: Awaited<ReturnType<typeof priceOptions>>,
) {
  for (const [position, option] of priced.entries()) {
    const [row] = await tx
      .insert(quoteOptions)
      .values({
        quoteId: quote.id,
        companyId: quote.companyId,
        name: option.name,
        position,
        subtotal: option.totals.subtotal.amount,
        tax: option.totals.tax.amount,
        total: option.totals.total.amount,
      })
      .returning({ id: quoteOptions.id });
    await tx.insert(quoteLines).values(
      option.lines.map(({ amounts, ...line }, index) => ({
        ...line,
        optionId: row.id,
        companyId: quote.companyId,
        position: index,
        net: amounts.net.amount,
        tax: amounts.tax.amount,
        gross: amounts.gross.amount,
      })),
    );
  }
}
