/**
 * The owner's numbers (docs/numbers.md) read the tables the app already keeps; the one fact
 * nothing else records is a job's move. A row here is written by a database trigger
 * (migration `numbers_job_moves`) whenever a scheduled job's date or time changes, whatever
 * path changed it (the board, the optimizer, a re-plan, the customer's visit page), so
 * "rescheduled" counts them all. job_id is no foreign key: a deleted job keeps its moves.
 */
import { date, index, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { companies } from "./accounts";

export const jobMoves = pgTable(
  "job_move",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    fromTime: varchar("from_time", { length: 5 }).notNull(),
    /** Null when the job went back to the Unscheduled tray. */
    toDate: date("to_date", { mode: "string" }),
    toTime: varchar("to_time", { length: 5 }),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_move_company_moved_idx").on(t.companyId, t.movedAt)],
);
