import type { QuoteDTO } from "@sched/shared-types";
import { Tag } from "antd";
import { formatDate } from "../../lib/dates";
import { money } from "./quoteWords";

/**
 * The quote's deposit in its facts (docs/quotes.md, "Deposit"): what approval asks (and, once
 * approved, its amount), and what the customer paid by card, with the invoice it went on.
 */
export function QuoteDepositFacts({ quote }: { quote: QuoteDTO }) {
  if (!quote.deposit && !quote.depositPaid) return null;
  const approved = quote.options.find((option) => option.id === quote.approvedOptionId);
  const asked = quote.deposit
    ? quote.deposit.kind === "percent"
      ? `${quote.deposit.percent}% of the approved option's total`
      : money(quote.deposit.amount)
    : "None";
  const paid = quote.depositPaid;
  return (
    <>
      <dt>Deposit</dt>
      <dd data-testid="quote-deposit-facts">
        {asked}
        {approved?.deposit && quote.deposit?.kind === "percent" ? ` (${money(approved.deposit)})` : ""}
        {paid ? (
          <>
            {" "}
            <Tag color="success">Deposit paid</Tag>
            {money(paid.amount)} by card on {formatDate(paid.paidOn)}
            {paid.invoiceNumber !== null
              ? `, on invoice #${paid.invoiceNumber}`
              : ", to go on the job's invoice"}
          </>
        ) : quote.status === "approved" ? (
          <>
            {" "}
            <Tag>Not paid yet</Tag>
          </>
        ) : null}
      </dd>
    </>
  );
}
