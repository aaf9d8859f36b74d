/**
 * The quote page's deposit calls (docs/quotes.md, "Deposit"): where to send the browser to
 * pay it (Stripe Checkout, or the page's demo step), and demo mode's simulated payment.
 */
import type { CardCheckoutDTO } from "@sched/shared-types";
import { post } from "./api";
import type { Money, PublicQuote } from "./quote-api";

const quoteUrl = (token: string) => `/api/public/quotes/${encodeURIComponent(token)}`;

export const startDeposit = (token: string) => post<CardCheckoutDTO>(`${quoteUrl(token)}/deposit`, {});

export const payDepositInDemo = (token: string) => post<PublicQuote>(`${quoteUrl(token)}/demo-deposit`, {});

/** "a deposit of 25 %" or "a deposit of $50.00": what the office asks, before a total is chosen. */
export function depositAskWords(ask: NonNullable<PublicQuote["deposit"]>, money: (value: Money) => string) {
  return ask.kind === "percent"
    ? `a deposit of ${ask.percent} % of the total`
    : `a deposit of ${money(ask.amount)}`;
}
