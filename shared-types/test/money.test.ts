/**
 * Money (shared-types/src/money.ts, docs/money.md): integer minor units, tax rounded
 * half-even per line, totals the sums of the rounded lines, in currencies of 0, 2 and 3
 * decimals. The reference here is plain bigint arithmetic, not dinero.js.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  currencyExponent,
  currencyForCountry,
  divideHalfEven,
  documentTotals,
  formatMoney,
  hasAtMostDecimals,
  type LineInput,
  lineAmounts,
  moneyDecimal,
  parseMoneyDecimal,
} from "../src/money";

/** a / b rounded half-even, b > 0: the reference rounding. */
function halfEvenDivide(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const n = negative ? -a : a;
  let q = n / b;
  const r2 = (n % b) * 2n;
  if (r2 > b || (r2 === b && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

const CURRENCIES = ["JPY", "USD", "EUR", "KWD", "BHD"] as const;

const line = (currency: string, pricesIncludeTax: boolean) =>
  fc.record({
    unitPrice: fc.record({
      amount: fc.integer({ min: -5_000_000, max: 500_000_000 }),
      currency: fc.constant(currency),
    }),
    quantity: fc.integer({ min: 0, max: 100_000_000 }).map((thousandths) => thousandths / 1000),
    taxPercent: fc.option(
      fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths / 1000),
      { nil: null },
    ),
    pricesIncludeTax: fc.constant(pricesIncludeTax),
  }) as fc.Arbitrary<LineInput>;

const document = fc.tuple(fc.constantFrom(...CURRENCIES), fc.boolean()).chain(([currency, inclusive]) =>
  fc.record({
    currency: fc.constant(currency),
    lines: fc.array(line(currency, inclusive), { maxLength: 25 }),
  }),
);

describe("money", () => {
  it("knows each currency's minor unit from dinero.js", () => {
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("USD")).toBe(2);
    expect(currencyExponent("KWD")).toBe(3);
    expect(() => currencyExponent("XYZ")).toThrow("Unknown currency XYZ");
    expect(currencyForCountry("DE")).toBe("EUR");
    expect(currencyForCountry("ZZ")).toBe("USD");
  });

  it("rounds a line's tax half-even on that line", () => {
    // 2.50 at 10 %: 0.25 exactly; 0.125 at 10 % of 1.25 rounds to the even 0.12.
    const usd = (amount: number) => ({ amount, currency: "USD" });
    expect(
      lineAmounts({ unitPrice: usd(125), quantity: 1, taxPercent: 10, pricesIncludeTax: false }),
    ).toEqual({
      net: usd(125),
      tax: usd(12),
      gross: usd(137),
    });
    expect(
      lineAmounts({ unitPrice: usd(135), quantity: 1, taxPercent: 10, pricesIncludeTax: false }).tax,
    ).toEqual(usd(14));
    // 8.875 % (New York City) of 19.99 = 1.7741...
    expect(
      lineAmounts({ unitPrice: usd(1999), quantity: 1, taxPercent: 8.875, pricesIncludeTax: false }).tax,
    ).toEqual(usd(177));
    // 1.5 h at 0.99 = 1.485 -> 1.48 (even); with 20 % included, 1.48 holds 0.2466... -> 0.25.
    expect(
      lineAmounts({ unitPrice: usd(99), quantity: 1.5, taxPercent: 20, pricesIncludeTax: true }),
    ).toEqual({
      net: usd(123),
      tax: usd(25),
      gross: usd(148),
    });
  });

  it("totals are the sums of the rounded lines, in 0, 2 and 3-decimal currencies", () => {
    fc.assert(
      fc.property(document, ({ currency, lines }) => {
        const amounts = lines.map(lineAmounts);
        const totals = documentTotals(currency, amounts);
        const sum = (pick: (a: (typeof amounts)[number]) => { amount: number }) =>
          amounts.reduce((total, a) => total + pick(a).amount, 0);
        expect(totals.subtotal).toEqual({ amount: sum((a) => a.net), currency });
        expect(totals.tax).toEqual({ amount: sum((a) => a.tax), currency });
        expect(totals.total).toEqual({ amount: sum((a) => a.gross), currency });
        expect(totals.subtotal.amount + totals.tax.amount).toBe(totals.total.amount);
      }),
      { numRuns: 300 },
    );
  });

  it("each line is the half-even rounding of exact arithmetic, in whole minor units", () => {
    const anyLine = fc
      .tuple(fc.constantFrom(...CURRENCIES), fc.boolean())
      .chain(([currency, inclusive]) => line(currency, inclusive));
    fc.assert(
      fc.property(anyLine, (input) => {
        const { net, tax, gross } = lineAmounts(input);
        const quantity = BigInt(Math.round(input.quantity * 1000));
        const extended = halfEvenDivide(BigInt(input.unitPrice.amount) * quantity, 1000n);
        const rate = BigInt(Math.round((input.taxPercent ?? 0) * 1000));
        const expectedTax = input.pricesIncludeTax
          ? halfEvenDivide(extended * rate, 100_000n + rate)
          : halfEvenDivide(extended * rate, 100_000n);
        expect(BigInt(tax.amount)).toBe(expectedTax);
        expect(BigInt(input.pricesIncludeTax ? gross.amount : net.amount)).toBe(extended);
        expect(net.amount + tax.amount).toBe(gross.amount);
        for (const money of [net, tax, gross]) {
          expect(Number.isSafeInteger(money.amount)).toBe(true);
          expect(money.currency).toBe(input.unitPrice.currency);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("takes quantities and percents with at most 3 decimals", () => {
    expect(hasAtMostDecimals(8.875, 3)).toBe(true);
    expect(hasAtMostDecimals(1.0001, 3)).toBe(false);
    expect(() =>
      lineAmounts({
        unitPrice: { amount: 1, currency: "USD" },
        quantity: 0.0001,
        taxPercent: null,
        pricesIncludeTax: false,
      }),
    ).toThrow("more than 3 decimals");
  });
});

describe("decimal text", () => {
  it("writes and reads amounts at the currency's minor unit", () => {
    expect(moneyDecimal({ amount: 1999, currency: "USD" })).toBe("19.99");
    expect(moneyDecimal({ amount: 1999, currency: "JPY" })).toBe("1999");
    expect(moneyDecimal({ amount: 1999, currency: "KWD" })).toBe("1.999");
    expect(parseMoneyDecimal("1,234.5", "USD")).toBe(123450);
    expect(parseMoneyDecimal("20", "KWD")).toBe(20000);
    expect(parseMoneyDecimal("1.5", "JPY")).toBeUndefined();
    expect(parseMoneyDecimal("1.999", "USD")).toBeUndefined();
    expect(parseMoneyDecimal("=1+1", "USD")).toBeUndefined();
    expect(formatMoney({ amount: 123_450, currency: "USD" })).toBe("$1,234.50");
    expect(formatMoney({ amount: 1999, currency: "KWD" }, "en-US")).toBe("KWD\u00a01.999");
    // Beyond a float's digits, still exact.
    expect(formatMoney({ amount: 900_719_925_474_099, currency: "USD" })).toBe("$9,007,199,254,740.99");
  });

  it("reads back what it writes", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.integer({ min: 0, max: 1e12 }), (currency, amount) => {
        expect(parseMoneyDecimal(moneyDecimal({ amount, currency }), currency)).toBe(amount);
      }),
    );
  });
});

describe("divideHalfEven", () => {
  it("rounds a half to the even neighbour, anything else to the nearest", () => {
    expect([divideHalfEven(5, 2), divideHalfEven(7, 2), divideHalfEven(15_000 * 60, 1_140)]).toEqual([
      2, 4, 789,
    ]);
    expect([divideHalfEven(0, 7), divideHalfEven(2, 3)]).toEqual([0, 1]);
    expect(() => divideHalfEven(1, 0)).toThrow();
  });
});
