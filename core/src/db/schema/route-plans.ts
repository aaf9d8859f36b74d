/**
 * An optimized day as applied (docs/schedule.md, "Optimize a day"), kept so its Undo
 * survives the toast and a reload, as the sick day's re-plan is (absence_plan): each job's
 * slot before the apply and the version the apply left. Deleted by the Undo.
 */
import { date, index, integer, jsonb, pgTable, uuid } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { createdAt } from "./columns";

/** One job of an applied optimization as its Undo puts it back. */
export type RoutePlanUndoJob = { jobId: string; employeeId: string; time: string; version: number };

export const routePlans = pgTable(
  "route_plan",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    jobs: jsonb("jobs").$type<RoutePlanUndoJob[]>().notNull(),
    appliedBy: uuid("applied_by").references(() => users.id, { onDelete: "set null" }),
    /** Drive minutes the apply saved on the technicians' days it touched (the list of undoable days says it). */
    savedMinutes: integer("saved_minutes").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("route_plan_company_date_idx").on(t.companyId, t.date)],
);
