/**
 * Timesheets (docs/timesheets.md): the day clock's entries, every change made to them, each
 * person's week approval, and the job taps a technician made. All times are instants; the
 * day an entry belongs to is decided in the company's time zone when it is read.
 */
import { sql } from "drizzle-orm";
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { createdAt, updatedAt, versioned } from "./columns";
import { employees } from "./work";

/** One stretch of a working day: from "Start my day" to "End my day" (open while clockOut is null). */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    clockIn: timestamp("clock_in", { withTimezone: true }).notNull(),
    clockOut: timestamp("clock_out", { withTimezone: true }),
    /** When the bell reminded the person to end a day still open after hours (once per entry). */
    clockOutRemindedAt: timestamp("clock_out_reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [
    index("time_entries_company_employee_idx").on(t.companyId, t.employeeId, t.clockIn),
    // A person is clocked in once at most: two "in" taps at the same moment cannot both open a day.
    uniqueIndex("time_entries_open_idx").on(t.employeeId).where(sql`${t.clockOut} is null`),
  ],
);

type EntryTimes = { clockIn: string; clockOut: string | null };

/**
 * Every change of a timesheet, kept for good: a clock tap, an office correction (with its
 * reason), a week approved or reopened (entryId null). Who, when, before, after and why.
 */
export const timeEntryChanges = pgTable(
  "time_entry_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    entryId: uuid("entry_id").references(() => timeEntries.id, { onDelete: "cascade" }),
    /** The week an approval or a reopening is about (null for an entry's own change). */
    weekStart: date("week_start", { mode: "string" }),
    /** clock_in, clock_out, corrected, approved or reopened. */
    kind: text("kind").notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    before: jsonb("before").$type<EntryTimes>(),
    after: jsonb("after").$type<EntryTimes>(),
    reason: text("reason"),
  },
  (t) => [
    index("time_entry_changes_entry_idx").on(t.entryId, t.changedAt),
    index("time_entry_changes_week_idx").on(t.companyId, t.employeeId, t.weekStart),
  ],
);

/** A person's week: open until the office approves it, which locks its entries. */
export const timesheetWeeks = pgTable(
  "timesheet_weeks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    /** open or approved. */
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [uniqueIndex("timesheet_weeks_employee_week_idx").on(t.companyId, t.employeeId, t.weekStart)],
);

/**
 * A job tap ("On my way", "Start", "Complete") as a fact of the technician's day, kept apart
 * from the job: deleting or moving the job never changes recorded time, so jobId is no
 * foreign key.
 */
export const jobTaps = pgTable(
  "job_taps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    /** on_my_way, start or complete. */
    kind: text("kind").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("job_taps_company_employee_idx").on(t.companyId, t.employeeId, t.at),
    // The owner's numbers (docs/numbers.md): a job's first Start (on time), a period's taps (utilization).
    index("job_taps_company_job_idx").on(t.companyId, t.jobId, t.kind),
    index("job_taps_company_at_idx").on(t.companyId, t.at),
  ],
);
