/**
 * The quote page's calls (docs/quotes.md): the quote by its link, Approve (an option, the
 * name typed as a signature, the optional items ticked) and Decline (a reason).
 */
import type { PublicQuoteDTO, TQuoteApprove, TQuoteDecline } from "@sched/shared-types";
import { call, post } from "./api";

export type PublicQuote = PublicQuoteDTO;
export type QuoteOption = PublicQuoteDTO["options"][number];
export type QuoteLine = QuoteOption["lines"][number];
export type Money = { amount: number; currency: string };

export const quoteUrl = (token: string) => `/api/public/quotes/${encodeURIComponent(token)}`;

export const getQuote = (token: string) => call<PublicQuote>(quoteUrl(token), { cache: "no-store" });

export const approveQuote = (token: string, answer: TQuoteApprove) =>
  post<PublicQuote>(`${quoteUrl(token)}/approve`, answer);

export const declineQuote = (token: string, answer: TQuoteDecline) =>
  post<PublicQuote>(`${quoteUrl(token)}/decline`, answer);

/** What the badge says. */
export function quoteStatusWords(status: PublicQuote["status"]): string {
  switch (status) {
    case "approved":
      return "Approved";
    case "declined":
      return "Declined";
    case "expired":
      return "Expired";
    default:
      return "Waiting for your answer";
  }
}

/**
 * An option's totals with the optional items ticked: its own (required lines) plus each
 * ticked line's rounded amounts, the sums of rounded lines as the server adds them.
 */
export function totalsWith(option: QuoteOption, ticked: ReadonlySet<string>) {
  const add = (money: Money, amount: number) => ({ ...money, amount: money.amount + amount });
  let { subtotal, tax, total } = option;
  for (const line of option.lines) {
    if (!line.optional || line.chosen || !ticked.has(line.id)) continue;
    subtotal = add(subtotal, line.net.amount);
    tax = add(tax, line.tax.amount);
    total = add(total, line.gross.amount);
  }
  return { subtotal, tax, total };
}
