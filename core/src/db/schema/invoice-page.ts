/**
 * The customer's invoice page (docs/invoice-page.md): the signed link that opens one
 * invoice, and the card payments Stripe reported for it.
 *
 * A link's token is `<id>.<HMAC>` (core/src/payments/invoice-token.ts), like a visit link:
 * nothing secret is stored, the row says which invoice it opens and whether it still works.
 */
import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt } from "./columns";
import { invoices } from "./money";
import { payments } from "./payments";

export const invoiceLinks = pgTable(
  "invoice_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The first time the customer opened it (the invoice became `viewed` then). */
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    // One working link per invoice: a resend carries the same link.
    uniqueIndex("invoice_link_current_idx").on(t.companyId, t.invoiceId).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * A payment Stripe took on the invoice page. The unique payment intent is what makes a
 * payment recorded once whatever Stripe redelivers (two events, two deliveries, two
 * processes); `excess` is what it paid above the balance then (the invoice paid twice from
 * two tabs): kept as money in, for the office to refund.
 */
export const cardPayments = pgTable(
  "card_payment",
  {
    paymentId: uuid("payment_id")
      .primaryKey()
      .references(() => payments.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    paymentIntentId: text("payment_intent_id").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    excess: bigint("excess", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("card_payment_intent_idx").on(t.paymentIntentId),
    index("card_payment_invoice_idx").on(t.companyId, t.invoiceId),
  ],
);
