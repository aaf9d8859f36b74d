/**
 * A quote's deposit (shared-types/src/quote-deposit.ts, docs/quotes.md "Deposit"): a percent
 * of the option's total rounded half-even to the minor unit in currencies of 0, 2 and 3
 * decimals, or a fixed amount never above the total. The reference is plain bigint arithmetic.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteDepositOf } from "../src/quote-deposit";

const reference = (a: bigint, b: bigint) => {
  const q = a / b;
  const r2 = (a % b) * 2n;
  return r2 > b || (r2 === b && q % 2n === 1n) ? q + 1n : q;
};

describe("quoteDepositOf", () => {
  it("a percent is the total times its thousandths over 100 000, half-even, in any currency", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom("JPY", "USD", "KWD"),
        (total, thousandths, currency) => {
          const deposit = quoteDepositOf(
            { amount: total, currency },
            { kind: "percent", percent: thousandths / 1000 },
          );
          expect(deposit).toEqual({
            amount: Number(reference(BigInt(total) * BigInt(thousandths), 100_000n)),
            currency,
          });
          expect(deposit?.amount).toBeLessThanOrEqual(total);
        },
      ),
    );
  });

  it("rounds half to even, and a fixed amount is at most the total", () => {
    const usd = (amount: number) => ({ amount, currency: "USD" });
    // 12.5 % of 0.20 is 0.025 -> 0.02; of 0.60 is 0.075 -> 0.08.
    expect(quoteDepositOf(usd(20), { kind: "percent", percent: 12.5 })).toEqual(usd(2));
    expect(quoteDepositOf(usd(60), { kind: "percent", percent: 12.5 })).toEqual(usd(8));
    expect(quoteDepositOf(usd(33_333), { kind: "percent", percent: 25 })).toEqual(usd(8_333));
    expect(quoteDepositOf({ amount: 1_005, currency: "JPY" }, { kind: "percent", percent: 10 })).toEqual({
      amount: 100,
      currency: "JPY",
    });
    expect(quoteDepositOf(usd(10_000), { kind: "amount", amount: usd(15_000) })).toEqual(usd(10_000));
    expect(quoteDepositOf(usd(10_000), { kind: "amount", amount: usd(2_500) })).toEqual(usd(2_500));
    expect(quoteDepositOf(usd(10_000), null)).toBeNull();
  });
});
