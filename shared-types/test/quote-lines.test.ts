/**
 * A quote line's discount and tax (shared-types/src/quote-lines.ts, docs/quotes.md): the
 * discount is a half-even percent of the rounded line (or an amount), the tax is on what is
 * left, and an option's totals are the sums of its rounded lines without the optional ones
 * not chosen. The reference is plain bigint arithmetic.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineAmounts } from "../src/money";
import { quoteLineAmounts, quoteOptionTotals } from "../src/quote-lines";

const reference = (a: bigint, b: bigint) => {
  const q = a / b;
  const r2 = (a % b) * 2n;
  return r2 > b || (r2 === b && q % 2n === 1n) ? q + 1n : q;
};

describe("quoteLineAmounts", () => {
  it("takes a half-even percent off the rounded line, then taxes the rest on the line", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 100_000 }).map((thousandths) => thousandths / 1000),
        fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000),
        fc.option(fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths / 1000)),
        fc.boolean(),
        (amount, quantity, discountPercent, taxPercent, pricesIncludeTax) => {
          const unitPrice = { amount, currency: "USD" };
          const extended = lineAmounts({ unitPrice, quantity, taxPercent: null, pricesIncludeTax }).gross
            .amount;
          const line = quoteLineAmounts({
            unitPrice,
            quantity,
            discountPercent,
            discountAmount: null,
            taxPercent,
            pricesIncludeTax,
          });
          const discount = reference(BigInt(extended) * BigInt(Math.round(discountPercent * 1000)), 100_000n);
          expect(line?.discount.amount).toBe(Number(discount));
          const rest = { amount: extended - Number(discount), currency: "USD" };
          const { discount: _taken, ...amounts } = line ?? { discount: null };
          expect(amounts).toEqual(
            lineAmounts({ unitPrice: rest, quantity: 1, taxPercent, pricesIncludeTax }),
          );
          expect((line?.net.amount ?? 0) + (line?.tax.amount ?? 0)).toBe(line?.gross.amount);
        },
      ),
    );
  });

  it("refuses an amount off that is more than the line", () => {
    const line = { unitPrice: { amount: 1_005, currency: "USD" }, quantity: 1, discountPercent: null };
    const input = { ...line, taxPercent: 10, pricesIncludeTax: false };
    expect(quoteLineAmounts({ ...input, discountAmount: 1_006 })).toBeUndefined();
    expect(quoteLineAmounts({ ...input, discountAmount: 1_005 })).toMatchObject({
      net: { amount: 0 },
      tax: { amount: 0 },
    });
  });

  it("leaves optional lines out of an option's totals until they are chosen", () => {
    const money = (amount: number) => ({ amount, currency: "JPY" });
    const line = (net: number, tax: number, optional: boolean, chosen: boolean) => ({
      net: money(net),
      tax: money(tax),
      gross: money(net + tax),
      optional,
      chosen,
    });
    const lines = [line(1_000, 100, false, false), line(500, 50, true, false), line(300, 30, true, true)];
    expect(quoteOptionTotals("JPY", lines)).toEqual({
      subtotal: money(1_300),
      tax: money(130),
      total: money(1_430),
    });
  });
});
