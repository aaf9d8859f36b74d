/**
 * Time off (docs/time-off.md): a whole day, a range of days, or part of one day when a
 * roster employee cannot work. A technician's own request waits as `pending` until the
 * office approves or declines it; what the office enters is `approved` at once.
 */
import { date, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { createdAt, updatedAt, versioned } from "./columns";
import { employees } from "./work";

export const timeOff = pgTable(
  "time_off",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    /** Calendar dates, inclusive; a part day has startDate = endDate and both times. */
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    /** "HH:mm", both null for whole days. */
    startTime: varchar("start_time", { length: 5 }),
    endTime: varchar("end_time", { length: 5 }),
    /** vacation, sick, personal or other. */
    kind: text("kind").notNull(),
    note: text("note"),
    /** pending, approved or declined. */
    status: text("status").notNull().default("pending"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [
    // Every read is "this company's time off that touches these dates".
    index("time_off_company_dates_idx").on(t.companyId, t.startDate, t.endDate),
    index("time_off_employee_idx").on(t.employeeId, t.startDate),
  ],
);
