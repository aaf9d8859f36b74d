/**
 * The sick day (docs/time-off.md): the preview of an employee's day re-planned
 * while they are out, applying it, and its Undo. The office's (manageJobs); the employee's
 * own company decides, so an id of another company is 404.
 */

import { applyAbsencePlan } from "@sched/core/commands/apply-absence-plan";
import { EMPLOYEE_NOT_FOUND } from "@sched/core/commands/save-employee";
import { undoAbsencePlan, undoKeptAbsencePlan } from "@sched/core/commands/undo-absence-plan";
import { absencePlans, employees } from "@sched/core/db/schema";
import { NotFound } from "@sched/core/errors";
import { previewAbsencePlan } from "@sched/core/queries/absence-plan";
import { undoableAbsencePlans } from "@sched/core/queries/absence-plans";
import {
  ABSENCE_PLAN_MESSAGES,
  ZAbsencePlan,
  ZAbsencePlanApplied,
  ZAbsencePlanApply,
  ZAbsencePlanQuery,
  ZAbsencePlansQuery,
  ZAbsencePlanUndo,
  ZAbsencePlanUndoable,
  ZAbsencePlanUndone,
  ZIdParams,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";

export const absencePlanRouter = Router();
/** The applied plans the server keeps for their Undo (mounted at /api/absence-plans). */
export const absencePlansRouter = Router();

/** The employee by id for an office member; a companyId naming another company is 404 like a foreign id. */
async function loadAuthorizedEmployee(userId: string, employeeId: string, companyId: string | undefined) {
  const authorized = await loadAuthorizedRow(employees, employeeId, userId, "manageJobs", EMPLOYEE_NOT_FOUND);
  if (companyId !== undefined && companyId !== authorized.row.companyId)
    throw new NotFound(EMPLOYEE_NOT_FOUND);
  return authorized;
}

/** The preview: who could take each job and when. Nothing changes. */
absencePlanRouter.post(
  "/:id/absence-plan",
  route(
    { access: "user", params: ZIdParams, body: ZAbsencePlanQuery, response: ZAbsencePlan },
    async ({ userId, params, body }) => {
      const { row } = await loadAuthorizedEmployee(userId, params.id, body.companyId);
      return previewAbsencePlan(row.companyId, row.id, body.date);
    },
  ),
);

/**
 * Applies the plan as the office decided it: approved sick time off for the day and every
 * move, in one transaction; one job changed since the preview is 409 stale, nothing applied.
 */
absencePlanRouter.post(
  "/:id/absence-plan/apply",
  route(
    {
      access: "user",
      params: ZIdParams,
      body: ZAbsencePlanApply,
      idempotent: true,
      response: ZAbsencePlanApplied,
    },
    async ({ userId, params, body }) => {
      const { row, member } = await loadAuthorizedEmployee(userId, params.id, body.companyId);
      return applyAbsencePlan(member, row, body);
    },
  ),
);

/** The Undo: every job back with the employee, the time off removed; versions checked. */
absencePlanRouter.post(
  "/:id/absence-plan/undo",
  route(
    {
      access: "user",
      params: ZIdParams,
      body: ZAbsencePlanUndo,
      idempotent: true,
      response: ZAbsencePlanUndone,
    },
    async ({ userId, params, body }) => {
      const { row, member } = await loadAuthorizedEmployee(userId, params.id, body.companyId);
      return undoAbsencePlan(member, row, body);
    },
  ),
);

/** The re-plans of the days from..to still undoable: the board offers their Undo after a reload. */
absencePlansRouter.get(
  "/",
  route(
    { access: { company: "manageJobs" }, query: ZAbsencePlansQuery, response: z.array(ZAbsencePlanUndoable) },
    ({ member, query }) => undoableAbsencePlans(member.companyId, query.from, query.to),
  ),
);

/** The Undo of a kept plan: its jobs back at the versions the apply left (else 409 stale), its time off back. */
absencePlansRouter.post(
  "/:id/undo",
  route(
    { access: "user", params: ZIdParams, idempotent: true, response: ZAbsencePlanUndone },
    async ({ userId, params }) => {
      const { row, member } = await loadAuthorizedRow(
        absencePlans,
        params.id,
        userId,
        "manageJobs",
        ABSENCE_PLAN_MESSAGES.notFound,
      );
      return undoKeptAbsencePlan(member, row);
    },
  ),
);
