/**
 * E-mails a request promised, recorded in the request's own transaction: the worker
 * delivers from here, so a mail never waits in a process's memory or in Redis alone
 * (docs/reliability.md).
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt } from "./columns";

/**
 * What a row asks for; `subjectId` is the id of that row (an invitation, a password reset, a
 * customer notice). `customer_text` is a customer notice sent as a text message (docs/customers.md).
 */
export const OUTBOX_MAIL_KINDS = [
  "invitation",
  "password_reset",
  "customer_notice",
  "customer_text",
  // An invoice sent to its customer, and an overdue reminder (subject: the invoice_reminders row): docs/money.md.
  "invoice_sent",
  "invoice_reminder",
  // The invoice page's link by text message (subject: the invoice): docs/invoice-page.md.
  "invoice_text",
  // The owners' Monday e-mail of last week's numbers (subject: the weekly_numbers_mails row): docs/numbers.md.
  "weekly_numbers",
  // A quote's link to its customer by e-mail or by text (subject: the quote): docs/quotes.md.
  "quote_sent",
  "quote_text",
] as const;
export type OutboxMailKind = (typeof OUTBOX_MAIL_KINDS)[number];

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<OutboxMailKind>().notNull(),
    subjectId: uuid("subject_id").notNull(),
    /** The company the mail is about; null for a password reset (an account, not a company). */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** When the worker's poll may take it: at once, or when a notice has settled; later after a failure (backoff). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When the worker was done with it: sent, or nothing left to send (see `outcome`). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The handler's word for how it ended: sent, gone, already-sent, expired, accepted, used. */
    outcome: text("outcome"),
  },
  (t) => [
    uniqueIndex("mail_outbox_subject_idx").on(t.kind, t.subjectId),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index("mail_outbox_company_idx").on(t.companyId),
  ],
);
