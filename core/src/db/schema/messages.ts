/** Team chat and the bell. The model as a whole: docs/architecture.md. */
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { createdAt } from "./columns";
import { timeOff } from "./time-off";
import { employees, jobs } from "./work";

export const chatMessages = pgTable(
  "chat_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The roster employee who wrote it; null for a member not linked to the roster. */
    employeeId: uuid("employee_id").references(() => employees.id, { onDelete: "cascade" }),
    /** The member who sent it (the server decides; older messages have none). */
    senderUserId: uuid("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    /** Monotonic order within the table: the poll cursor compares (created_at, seq). */
    seq: integer("seq").generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_message_company_seq_idx").on(t.companyId, t.seq)],
);

/**
 * The bell: one row per recipient (docs/realtime.md). Each person is told what concerns
 * them, never about their own change.
 */
export const notifications = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    recipientUserId: uuid("recipient_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    /** The time off request it is about (the office's entry offers its actions); null once deleted. */
    timeOffId: uuid("time_off_id").references(() => timeOff.id, { onDelete: "set null" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("notification_recipient_idx").on(t.recipientUserId, t.companyId, t.createdAt)],
);
