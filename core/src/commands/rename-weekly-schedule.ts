/** Renaming a week in the schedule history (docs/roster-templates-history.md). */
import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { weeklySchedules } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentWeeklySchedule } from "../presenters/weekly-schedules";
import { publish } from "../publish";
import { assertCurrentVersion, nextVersion } from "./versions";

export const WEEK_NOT_FOUND = "Week not found";

/** Renames the week on its locked row, from the version the client last saw (409 stale when another). */
export async function renameWeeklySchedule(
  member: CompanyAccess,
  weekId: string,
  name: string,
  expectedVersion?: number,
): Promise<WeeklyScheduleDTO> {
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(weeklySchedules)
      .where(eq(weeklySchedules.id, weekId))
      .for("update");
    if (!locked) throw new NotFound(WEEK_NOT_FOUND);
    await assertCurrentVersion(tx, locked, expectedVersion, "schedule week", () =>
      presentWeeklySchedule(locked),
    );
    const [renamed] = await tx
      .update(weeklySchedules)
      .set({ name, ...nextVersion(locked, member.userId) })
      .where(eq(weeklySchedules.id, weekId))
      .returning();
    return renamed;
  });
  const week = presentWeeklySchedule(row);
  publish(member.companyId, "weeklySchedule.updated", week);
  return week;
}
