/**
 * A quote's deposit (docs/quotes.md, "Deposit"): the office asks a percent of the approved
 * option's total or a fixed amount; the customer pays it by card once they approved, and it
 * is money in on the invoice later made from the quote's job.
 */
import { z } from "zod";
import { ZDateText } from "./common";
import { ZMoney, ZPercent } from "./money";

export const QUOTE_DEPOSIT_KIND_INVALID = 'Deposit kind must be "percent" or "amount"';
export const QUOTE_DEPOSIT_PERCENT_INVALID = "Deposit percent must be above 0 and at most 100";
export const QUOTE_DEPOSIT_AMOUNT_INVALID = "Deposit amount must be above 0";
export const QUOTE_DEPOSIT_NOT_ASKED = "This quote asks for no deposit";
export const QUOTE_DEPOSIT_NOT_APPROVED = "Approve the quote first, then pay the deposit";
export const QUOTE_DEPOSIT_PAID = "The deposit was paid already";

/** A deposit as the office asks it (POST/PUT /api/quotes `deposit`); null: none. */
export const ZQuoteDepositAsk = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("percent"),
        percent: ZPercent.refine((percent) => percent > 0, { message: QUOTE_DEPOSIT_PERCENT_INVALID }),
      }),
      z.object({
        kind: z.literal("amount"),
        amount: ZMoney.refine((money) => money.amount > 0, {
          message: QUOTE_DEPOSIT_AMOUNT_INVALID,
          path: ["amount"],
        }),
      }),
    ],
    { message: QUOTE_DEPOSIT_KIND_INVALID },
  )
  .meta({
    id: "QuoteDepositAsk",
    description:
      "A percent (up to 3 decimals) of the approved option's total, rounded half-even, or a fixed amount (never more than the total)",
  });
export type TQuoteDepositAsk = z.infer<typeof ZQuoteDepositAsk>;

/** What came in for a quote's deposit: the sum of its card payments, and where it went. */
export const ZQuoteDepositPaid = z
  .object({
    amount: ZMoney,
    paidOn: ZDateText.describe("The company's calendar day the first deposit payment came in"),
    invoiceNumber: z
      .int()
      .nullable()
      .describe("The invoice it is a payment on; null until an invoice is made from the quote's job"),
  })
  .meta({ id: "QuoteDepositPaid" });
export type QuoteDepositPaidDTO = z.infer<typeof ZQuoteDepositPaid>;
