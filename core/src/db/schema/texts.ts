/**
 * Text messages to customers (docs/customers.md, "Text messages"): numbers that replied STOP
 * without being a customer's, kept per company like notice_opt_out for e-mail addresses. A
 * customer's own opt-out is `customers.sms_opted_out_at`.
 */
import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./accounts";

export const smsOptOuts = pgTable(
  "sms_opt_out",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** E.164, as the texts were sent to it and as Twilio reports the reply's sender. */
    phone: text("phone").notNull(),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.phone] })],
);
