import { renameWeeklySchedule, WEEK_NOT_FOUND } from "@sched/core/commands/rename-weekly-schedule";
import { weeklySchedules } from "@sched/core/db/schema";
import { listWeeklySchedules } from "@sched/core/queries/weekly-schedules";
import { ZIdParams, ZWeeklySchedule, ZWeeklyScheduleUpdate } from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";
import { expectedVersion } from "../http/versions";

/** The schedule history: one row per week that has had a job (docs/roster-templates-history.md). */
export const weeklySchedulesRouter = Router();

// History is the office's screen: a technician reads their own work (docs/my-day.md).
weeklySchedulesRouter.get(
  "/",
  route({ access: { company: "readHistory" }, response: z.array(ZWeeklySchedule) }, ({ member }) =>
    listWeeklySchedules(member.companyId),
  ),
);

/** Renaming a week is editing the schedule: the roles that manage jobs may. */
weeklySchedulesRouter.put(
  "/:id",
  route(
    { access: "user", params: ZIdParams, body: ZWeeklyScheduleUpdate, response: ZWeeklySchedule },
    async ({ userId, params, body, req }) => {
      const { row, member } = await loadAuthorizedRow(
        weeklySchedules,
        params.id,
        userId,
        "manageJobs",
        WEEK_NOT_FOUND,
      );
      return renameWeeklySchedule(member, row.id, body.name, expectedVersion(req, body.version));
    },
  ),
);
