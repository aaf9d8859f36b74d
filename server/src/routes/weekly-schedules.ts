import { ZWeeklyScheduleUpdate } from "@sched/shared-types";
import { desc, eq } from "drizzle-orm";
import { Router } from "express";
import { authorize, memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { db } from "../db/client";
import { weeklySchedules } from "../db/schema";
import { loadScoped } from "../db/scoped";
import { validate } from "../middleware/validate";
import { presentWeeklySchedule } from "../presenters/weekly-schedules";
import { publish } from "../realtime/publish";

/** The schedule history: one row per week that has had a job (rows are made by ensureWeeklySchedule). */
export const weeklySchedulesRouter = Router();

export const WEEK_NOT_FOUND = "Week not found";

weeklySchedulesRouter.get("/", requireUser, requireCompany("read"), async (req, res) => {
  const rows = await db
    .select()
    .from(weeklySchedules)
    .where(eq(weeklySchedules.companyId, memberOf(req).companyId))
    .orderBy(desc(weeklySchedules.weekStartDate));
  res.json(rows.map(presentWeeklySchedule));
});

/** Renaming a week is editing the schedule: the roles that manage jobs may. */
weeklySchedulesRouter.put("/:id", requireUser, validate(ZWeeklyScheduleUpdate), async (req, res) => {
  const { row, member } = await loadScoped(
    weeklySchedules,
    req.params.id as string,
    req.userId!,
    WEEK_NOT_FOUND,
  );
  authorize(member, "manageJobs");
  const [updated] = await db
    .update(weeklySchedules)
    .set({ name: req.body.name })
    .where(eq(weeklySchedules.id, row.id))
    .returning();
  const week = presentWeeklySchedule(updated);
  publish(member.companyId, "weeklySchedule.updated", week);
  res.json(week);
});
