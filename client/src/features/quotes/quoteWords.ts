/** How the quote screens name a quote's state and money (docs/quotes.md). */
import { formatMoney, type Money, type QuoteStatus } from "@sched/shared-types";

export const STATUS_WORDS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  approved: "Approved",
  declined: "Declined",
  expired: "Expired",
};

/** antd Tag colours, each with its word beside it: the colour is never the only sign. */
export const STATUS_COLORS: Record<QuoteStatus, string> = {
  draft: "default",
  sent: "blue",
  viewed: "purple",
  approved: "success",
  declined: "error",
  expired: "warning",
};

/** A quote changes until the customer has answered (the server says so with a 409 otherwise). */
export const isEditable = (status: QuoteStatus) => status !== "approved" && status !== "declined";

/** The option a list shows: the approved one, else the first. */
export function shownOption<T extends { id: string }>(quote: {
  approvedOptionId: string | null;
  options: T[];
}): T | undefined {
  return quote.options.find((option) => option.id === quote.approvedOptionId) ?? quote.options[0];
}

/** The browser's locale for amounts: "$1,250.50" or "1.250,50 €" as the reader writes them. */
export const locale = () => (typeof navigator === "undefined" ? "en-US" : navigator.language);

export const money = (amount: Money) => formatMoney(amount, locale());
