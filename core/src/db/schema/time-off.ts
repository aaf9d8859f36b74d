/**
 * Time off (docs/time-off.md): a whole day, a range of days, or part of one day when a
 * roster employee cannot work. A technician's own request waits as `pending` until the
 * office approves or declines it; what the office enters is `approved` at once.
 */
import { date, index, jsonb, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
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

/** One job of an applied re-plan as its Undo puts it back: the time it had, the version the apply left. */
export type AbsencePlanUndoJob = { jobId: string; time: string; version: number };

/**
 * A sick day's re-plan as applied, kept so its Undo survives a reload (docs/time-off.md):
 * the jobs to put back and what was done about the day off. Deleted by
 * the Undo; the time off's removal takes it along.
 */
export const absencePlans = pgTable(
  "absence_plan",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    timeOffId: uuid("time_off_id")
      .notNull()
      .references(() => timeOff.id, { onDelete: "cascade" }),
    /** added: the re-plan made the time off; approved: it approved the employee's request; kept: it was already approved. */
    timeOffAction: text("time_off_action").notNull(),
    jobs: jsonb("jobs").$type<AbsencePlanUndoJob[]>().notNull(),
    appliedBy: uuid("applied_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("absence_plan_company_date_idx").on(t.companyId, t.date)],
);
