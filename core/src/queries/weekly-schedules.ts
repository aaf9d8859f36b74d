import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { desc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { weeklySchedules } from "../db/schema";
import { presentWeeklySchedule } from "../presenters/weekly-schedules";

/**
 * The schedule history, newest week first: one row per week that has had a job (rows are
 * made by ensureWeeklySchedule; docs/roster-templates-history.md).
 */
export async function listWeeklySchedules(companyId: string): Promise<WeeklyScheduleDTO[]> {
  const rows = await db
    .select()
    .from(weeklySchedules)
    .where(eq(weeklySchedules.companyId, companyId))
    .orderBy(desc(weeklySchedules.weekStartDate));
  return rows.map(presentWeeklySchedule);
}
