/**
 * A quote line's amounts (docs/quotes.md): price x quantity rounded half-even to the minor
 * unit, less its discount (a percent of that, rounded half-even, or an amount), then tax on
 * what is left, rounded on this line (money.ts). Pure, so the office screen can show the
 * totals the server stores.
 */
import {
  type DocumentTotals,
  documentTotals,
  type LineAmounts,
  lineAmounts,
  type Money,
  PERCENT_DECIMALS,
  toScaledInteger,
} from "./money";

export type QuoteLineInput = {
  unitPrice: Money;
  quantity: number;
  /** Percent off, at most 3 decimals; null: none. */
  discountPercent: number | null;
  /** Minor units off; null: none. */
  discountAmount: number | null;
  taxPercent: number | null;
  pricesIncludeTax: boolean;
};

export type QuoteLineAmounts = LineAmounts & { discount: Money };

/** a / b (a >= 0, b > 0) rounded half-even, exactly. */
function halfEvenQuotient(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const twiceRest = (a % b) * 2n;
  return twiceRest > b || (twiceRest === b && quotient % 2n === 1n) ? quotient + 1n : quotient;
}

/** The line's amounts; undefined when the discount is more than the line. */
export function quoteLineAmounts(line: QuoteLineInput): QuoteLineAmounts | undefined {
  const { currency } = line.unitPrice;
  const extended = lineAmounts({
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    taxPercent: null,
    pricesIncludeTax: false,
  }).gross.amount;
  let discount = 0;
  if (line.discountPercent !== null) {
    // In bigint: a large line times a percent's thousandths is past 2^53.
    const product = BigInt(extended) * toScaledInteger(line.discountPercent, PERCENT_DECIMALS);
    discount = Number(halfEvenQuotient(product, 100n * 10n ** BigInt(PERCENT_DECIMALS)));
  } else if (line.discountAmount !== null) {
    discount = line.discountAmount;
  }
  if (discount > extended) return undefined;
  // The discounted amount is one unit of itself: lineAmounts then taxes it on this line.
  const amounts = lineAmounts({
    unitPrice: { amount: extended - discount, currency },
    quantity: 1,
    taxPercent: line.taxPercent,
    pricesIncludeTax: line.pricesIncludeTax,
  });
  return { ...amounts, discount: { amount: discount, currency } };
}

/** An option's totals: its required lines and the optional ones chosen, each rounded on its line. */
export function quoteOptionTotals(
  currency: string,
  lines: readonly (LineAmounts & { optional: boolean; chosen: boolean })[],
): DocumentTotals {
  return documentTotals(
    currency,
    lines.filter((line) => !line.optional || line.chosen),
  );
}
