/**
 * A quote's deposit paid by card (docs/quotes.md, "Deposit"). It comes in before any invoice
 * exists, so it is kept here, one row per Stripe payment intent (the unique index makes a
 * redelivered webhook a no-op), and becomes a `payments` row on the first invoice made from
 * the quote's job: `payment_id` and `invoice_id` are set once, under the quote's row lock.
 */
import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt } from "./columns";
import { invoices } from "./money";
import { payments } from "./payments";
import { quotes } from "./quotes";

export const quoteDeposits = pgTable(
  "quote_deposit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    paymentIntentId: text("payment_intent_id").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    /** The company's calendar day it came in: the payment's `received_on` later. */
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    /** The payment it became on an invoice; null until an invoice is made from the quote's job. */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quote_deposit_intent_idx").on(t.paymentIntentId),
    index("quote_deposit_quote_idx").on(t.companyId, t.quoteId),
    check("quote_deposit_amount_positive", sql`${t.amount} > 0`),
  ],
);
