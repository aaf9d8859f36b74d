/** Week templates, the weeks themselves and the daily call counts. The model as a whole: docs/architecture.md. */

import type { TemplateField } from "@sched/shared-types";
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt, updatedAt, versioned } from "./columns";
import type { jobs } from "./work";

/** A scheduled job's row: a template holds only jobs with a slot. */
type JobRow = Omit<typeof jobs.$inferSelect, "employeeId" | "time"> & { employeeId: string; time: string };

/**
 * A job of the week the template was saved from: its weekday and what a template carries
 * (shared-types/src/job-fields.ts). Fields added since are absent from older templates:
 * a job made from one takes the column's default.
 */
export type TemplateEntry = { dayOfWeek: number } & Pick<
  JobRow,
  "employeeId" | "time" | "type" | "location"
> &
  Partial<Pick<JobRow, TemplateField>>;

export const scheduleTemplates = pgTable(
  "schedule_template",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    templateData: jsonb("template_data").$type<TemplateEntry[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [index("schedule_template_company_idx").on(t.companyId, t.createdAt)],
);

/** One row per (template, week) applied: a second apply of the same pair creates nothing. */
export const templateApplications = pgTable(
  "template_application",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    templateId: uuid("template_id")
      .notNull()
      .references(() => scheduleTemplates.id, { onDelete: "cascade" }),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("template_application_template_week_idx").on(t.templateId, t.weekStart)],
);

export const weeklySchedules = pgTable(
  "weekly_schedule",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    weekStartDate: date("week_start_date", { mode: "string" }).notNull(),
    weekEndDate: date("week_end_date", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    isArchived: boolean("is_archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [
    uniqueIndex("weekly_schedule_company_week_idx").on(t.companyId, t.weekStartDate),
    index("weekly_schedule_open_end_idx").on(t.weekEndDate).where(sql`${t.isArchived} = false`),
  ],
);

export const dailyCalls = pgTable(
  "daily_call",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    callCount: integer("call_count").notNull().default(0),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("daily_call_company_date_idx").on(t.companyId, t.date)],
);
