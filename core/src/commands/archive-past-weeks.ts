import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { and, eq, lt, sql } from "drizzle-orm";
import { db } from "../db/client";
import { weeklySchedules } from "../db/schema";
import { toDateString } from "../lib/dates";
import { presentWeeklySchedule } from "../presenters/weekly-schedules";
import { publish } from "../publish";

/**
 * Archives every week whose last day (Sunday) is before `today` and says so to each
 * company's browsers; each archived week's version grows by one (docs/api.md). Idempotent:
 * an archived week is never selected again, so a second run, or two workers at once, change
 * nothing more.
 */
export async function archivePastWeeks(today = toDateString(new Date())): Promise<WeeklyScheduleDTO[]> {
  // One statement, so a rename at the same moment waits for it and sees the new version.
  // No person made this change: the stale message says "Someone else".
  const rows = await db
    .update(weeklySchedules)
    .set({
      isArchived: true,
      version: sql`${weeklySchedules.version} + 1`,
      updatedBy: null,
      updatedAt: new Date(),
    })
    .where(and(eq(weeklySchedules.isArchived, false), lt(weeklySchedules.weekEndDate, today)))
    .returning();
  const archived = rows.map(presentWeeklySchedule);
  for (const week of archived) publish(week.companyId, "weeklySchedule.updated", week);
  return archived;
}
