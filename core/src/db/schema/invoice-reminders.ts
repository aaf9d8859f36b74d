/**
 * The overdue reminders the worker decided to send (docs/money.md): one row per invoice and
 * reminder day, made once (the unique index) in the same transaction as its mail outbox row,
 * so a sweep run twice, or by a restarted worker, never owes the e-mail twice.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt } from "./columns";
import { invoices } from "./money";

export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** The reminder's day: this many days past the due date. */
    daysOverdue: integer("days_overdue").notNull(),
    /** The address it goes to, taken when it was decided. */
    recipient: text("recipient").notNull(),
    createdAt: createdAt(),
    /** When the e-mail left (the outbox's sender sets it once). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoice_reminders_invoice_day_idx").on(t.invoiceId, t.daysOverdue),
    index("invoice_reminders_company_idx").on(t.companyId),
  ],
);
