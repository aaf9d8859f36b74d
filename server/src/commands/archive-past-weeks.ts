import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { and, eq, lt } from "drizzle-orm";
import { db } from "../db/client";
import { weeklySchedules } from "../db/schema";
import { toDateString } from "../lib/dates";
import { presentWeeklySchedule } from "../presenters/weekly-schedules";
import { publish } from "../realtime/publish";

/**
 * Archives every week whose last day (Sunday) is before `today` and says so to each
 * company's browsers. Idempotent: an archived week is never selected again, so a
 * second run, or two workers at once, change nothing more.
 */
export async function archivePastWeeks(today = toDateString(new Date())): Promise<WeeklyScheduleDTO[]> {
  const rows = await db
    .update(weeklySchedules)
    .set({ isArchived: true })
    .where(and(eq(weeklySchedules.isArchived, false), lt(weeklySchedules.weekEndDate, today)))
    .returning();
  const archived = rows.map(presentWeeklySchedule);
  for (const week of archived) publish(week.companyId, "weeklySchedule.updated", week);
  return archived;
}
