/**
 * Payments recorded by people against an invoice, and refunds against a payment
 * (docs/money.md). Amounts are whole minor units in the invoice's currency; the invoice's
 * `paid` is the sum of its payments less their refunds, kept in the same transaction.
 */
import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text, uuid, varchar } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { createdAt, updatedAt, versioned } from "./columns";
import { invoices } from "./money";

const minor = (name: string) => bigint(name, { mode: "number" });

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    amount: minor("amount").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    method: text("method").$type<"cash" | "cheque" | "bank_transfer" | "card">().notNull(),
    /** A cheque number, a transfer's reference. */
    reference: text("reference"),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    /** The sum of its refunds: never above `amount` (the check). */
    refunded: minor("refunded").notNull().default(0),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    ...versioned(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId, t.createdAt),
    index("payments_company_idx").on(t.companyId, t.createdAt),
    // The owner's numbers find the payments received in a period (days to paid, docs/numbers.md).
    index("payments_company_received_idx").on(t.companyId, t.receivedOn),
    check("payments_amount_positive", sql`${t.amount} > 0`),
    check("payments_refunded_range", sql`${t.refunded} between 0 and ${t.amount}`),
    check("payments_method", sql`${t.method} in ('cash', 'cheque', 'bank_transfer', 'card')`),
  ],
);

export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amount: minor("amount").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_refunds_payment_idx").on(t.paymentId, t.createdAt),
    check("payment_refunds_amount_positive", sql`${t.amount} > 0`),
  ],
);
