/**
 * The owners' weekly e-mail of the company's numbers (docs/numbers.md): one row per company
 * and week (the unique index), made by the worker's sweep in the same transaction as its
 * mail outbox row, so a sweep run twice or by a restarted worker owes the e-mail once.
 */
import { date, index, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt } from "./columns";

export const weeklyNumbersMails = pgTable(
  "weekly_numbers_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The Monday of the week the e-mail tells about, in the company's time zone. */
    weekFrom: date("week_from", { mode: "string" }).notNull(),
    createdAt: createdAt(),
    /** When the e-mail left (the outbox's sender sets it once). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("weekly_numbers_mails_company_week_idx").on(t.companyId, t.weekFrom),
    index("weekly_numbers_mails_created_idx").on(t.createdAt),
  ],
);
