/**
 * A quote's deposit as the office asks it (docs/quotes.md, "Deposit"): stored on the quote as
 * a percent in thousandths or a fixed amount in minor units (one of them, or neither).
 */
import {
  currencyNotTheCompanys,
  type QuoteDepositAsk,
  type TQuoteDepositAsk,
  toScaledInteger,
} from "@sched/shared-types";
import type { quotes } from "../db/schema";
import { BadRequest } from "../errors";
import { fromThousandths } from "../presenters/money";

type DepositColumns = Pick<typeof quotes.$inferSelect, "depositPercentThousandths" | "depositAmount">;

/** The ask a quote's row holds; null: no deposit. */
export function depositAskOf(row: DepositColumns & { currency: string }): QuoteDepositAsk | null {
  if (row.depositPercentThousandths !== null)
    return { kind: "percent", percent: fromThousandths(row.depositPercentThousandths) };
  if (row.depositAmount !== null)
    return { kind: "amount", amount: { amount: row.depositAmount, currency: row.currency } };
  return null;
}

/** The columns for an ask sent by the office; a fixed amount must be in the company's currency. */
export function depositColumnsOf(ask: TQuoteDepositAsk | null | undefined, currency: string): DepositColumns {
  if (!ask) return { depositPercentThousandths: null, depositAmount: null };
  if (ask.kind === "percent")
    return { depositPercentThousandths: Number(toScaledInteger(ask.percent, 3)), depositAmount: null };
  if (ask.amount.currency !== currency) {
    const message = currencyNotTheCompanys(currency);
    throw new BadRequest(message, [{ path: "deposit.amount.currency", message }]);
  }
  return { depositPercentThousandths: null, depositAmount: ask.amount.amount };
}
