/** What came in for quotes' deposits (docs/quotes.md, "Deposit"): per quote, the sum and where it went. */
import type { QuoteDepositPaidDTO } from "@sched/shared-types";
import { asc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { invoices, quoteDeposits } from "../db/schema";

/** Each quote's deposit payments summed (a deposit paid twice from two tabs is both); absent: none. */
export async function depositsPaidOf(
  quoteIds: string[],
  executor: Executor = db,
): Promise<Map<string, QuoteDepositPaidDTO>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await executor
    .select({
      quoteId: quoteDeposits.quoteId,
      amount: quoteDeposits.amount,
      currency: quoteDeposits.currency,
      paidOn: quoteDeposits.paidOn,
      invoiceNumber: invoices.number,
    })
    .from(quoteDeposits)
    .leftJoin(invoices, eq(invoices.id, quoteDeposits.invoiceId))
    .where(inArray(quoteDeposits.quoteId, quoteIds))
    .orderBy(asc(quoteDeposits.createdAt), asc(quoteDeposits.id));
  const paid = new Map<string, QuoteDepositPaidDTO>();
  for (const row of rows) {
    const seen = paid.get(row.quoteId);
    paid.set(row.quoteId, {
      amount: { amount: (seen?.amount.amount ?? 0) + row.amount, currency: row.currency },
      paidOn: seen?.paidOn ?? row.paidOn,
      invoiceNumber: seen?.invoiceNumber ?? row.invoiceNumber,
    });
  }
  return paid;
}
