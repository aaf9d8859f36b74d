import type { WeeklyScheduleDTO } from "@sched/shared-types";
import type { Executor } from "../db/client";
import { weeklySchedules } from "../db/schema";
import { addDays, toDateString, weekName, weekStartOf } from "../lib/dates";
import { presentWeeklySchedule } from "../presenters/weekly-schedules";

/**
 * The history row of the week that contains `date`: created when the week gets its
 * first job (named "Week of Nov 23, 2026"), left alone afterwards. A week that has already
 * ended (a job added in the past) starts archived, as the daily sweep would make it. Returns the new
 * row when one was created, so the caller can publish weeklySchedule.created after commit.
 */
export async function ensureWeeklySchedule(
  tx: Executor,
  companyId: string,
  date: string,
): Promise<WeeklyScheduleDTO | undefined> {
  const weekStartDate = weekStartOf(date);
  const weekEndDate = addDays(weekStartDate, 6);
  const [created] = await tx
    .insert(weeklySchedules)
    .values({
      companyId,
      weekStartDate,
      weekEndDate,
      name: weekName(weekStartDate),
      isArchived: weekEndDate < toDateString(new Date()),
    })
    .onConflictDoNothing({ target: [weeklySchedules.companyId, weeklySchedules.weekStartDate] })
    .returning();
  return created ? presentWeeklySchedule(created) : undefined;
}
