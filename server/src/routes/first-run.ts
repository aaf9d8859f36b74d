/** The schedule's first-run checklist (docs/schedule.md): those who plan see their company's progress. */

import { loadFirstRunProgress } from "@sched/core/queries/first-run";
import { ZFirstRunProgress } from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";

export const firstRunRouter = Router();

firstRunRouter.get(
  "/companies/:companyId/first-run",
  route({ access: { company: "manageTeam" }, response: ZFirstRunProgress }, ({ member }) =>
    loadFirstRunProgress(member.companyId),
  ),
);
