/** The schedule's first-run checklist (docs/schedule.md): those who plan see their company's progress. */
import { loadFirstRunProgress } from "@sched/core/queries/first-run";
import { Router } from "express";
import { route } from "../http/route";

export const firstRunRouter = Router();

firstRunRouter.get(
  "/companies/:companyId/first-run",
  route({ access: { company: "manageTeam" } }, ({ member }) => loadFirstRunProgress(member.companyId)),
);
