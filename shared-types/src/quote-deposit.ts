/**
 * A quote's deposit (docs/quotes.md, "Deposit"): a percent of the approved option's total,
 * rounded half-even to the minor unit, or a fixed amount, never more than that total. Pure
 * and on dinero.js's bigint arithmetic like the lines (money.ts), so the office screen shows
 * what the server asks.
 */
import { dinero, halfEven, multiply, toSnapshot, transformScale } from "dinero.js/bigint";
import { currencyOf, type Money, PERCENT_DECIMALS, toScaledInteger } from "./money";

/** What the office asks: a percent of the option's total, or a fixed amount in minor units. */
export type QuoteDepositAsk = { kind: "percent"; percent: number } | { kind: "amount"; amount: Money };

/** The deposit asked on an option of `total`; null when the quote asks none. */
export function quoteDepositOf(total: Money, ask: QuoteDepositAsk | null): Money | null {
  if (!ask) return null;
  const ceiling = Math.max(0, total.amount);
  if (ask.kind === "amount")
    return { amount: Math.min(ask.amount.amount, ceiling), currency: total.currency };
  const currency = currencyOf(total.currency);
  if (!currency) throw new Error(`Unknown currency ${total.currency}`);
  // total × thousandths of a percent / 100 000, exactly, then half-even to the minor unit.
  const share = multiply(dinero({ amount: BigInt(ceiling), currency }), {
    amount: toScaledInteger(ask.percent, PERCENT_DECIMALS),
    scale: BigInt(PERCENT_DECIMALS + 2),
  });
  const rounded = toSnapshot(transformScale(share, currency.exponent, halfEven)).amount;
  return { amount: Number(rounded), currency: total.currency };
}
