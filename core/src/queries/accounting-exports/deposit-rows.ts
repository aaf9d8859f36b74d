/**
 * A quote's card deposit that no invoice carries yet (docs/quotes.md, "Deposit"): money the
 * company has received, so it is on payments.csv from the day it came in. Once an invoice is
 * made from the quote's job it becomes that invoice's payment with the same day and amount,
 * and is listed as that instead: a month exported again adds up to the same money in.
 */
import { and, asc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { customers, quoteDeposits, quotes } from "../../db/schema";
import type { MoneyMovementRow } from "./documents";
import type { ExportContext } from "./format";
import { keysetRows } from "./paging";

export function depositRows(context: ExportContext) {
  return keysetRows<MoneyMovementRow>(
    async (after, limit) =>
      (
        await db
          .select({
            id: quoteDeposits.id,
            date: quoteDeposits.paidOn,
            createdAt: quoteDeposits.createdAt,
            amount: quoteDeposits.amount,
            currency: quoteDeposits.currency,
            quoteNumber: quotes.number,
            customerName: customers.name,
          })
          .from(quoteDeposits)
          .innerJoin(quotes, eq(quotes.id, quoteDeposits.quoteId))
          .innerJoin(customers, eq(customers.id, quotes.customerId))
          .where(
            and(
              eq(quoteDeposits.companyId, context.companyId),
              isNull(quoteDeposits.paymentId),
              gte(quoteDeposits.paidOn, context.from),
              lte(quoteDeposits.paidOn, context.to),
              after
                ? sql`(${quoteDeposits.paidOn}, ${quoteDeposits.createdAt}, ${quoteDeposits.id}) > (select paid_on, created_at, id from quote_deposit where id = ${after.id})`
                : undefined,
            ),
          )
          .orderBy(asc(quoteDeposits.paidOn), asc(quoteDeposits.createdAt), asc(quoteDeposits.id))
          .limit(limit)
      ).map(
        (row): MoneyMovementRow => ({
          kind: "deposit",
          id: row.id,
          date: row.date,
          createdAt: row.createdAt,
          amount: row.amount,
          currency: row.currency,
          method: "card",
          reference: null,
          invoiceNumber: null,
          quoteNumber: row.quoteNumber,
          billTo: { name: row.customerName, address: null, email: null },
        }),
      ),
    context.pageSize,
  );
}
