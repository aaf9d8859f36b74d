/**
 * Optimize a day (docs/schedule.md): the preview of a day's order and times with the least
 * drive time, applying it in one step with versions, and its Undo. The office's
 * (manageJobs); an employee or job of another company is 404.
 */
import { applyOptimizedDay, undoOptimizedDay } from "@sched/core/commands/apply-optimized-day";
import { routePlans } from "@sched/core/db/schema";
import { previewOptimizedDay } from "@sched/core/queries/optimize-day";
import { undoableRoutePlans } from "@sched/core/queries/route-plans";
import {
  OPTIMIZE_MESSAGES,
  ZDayParams,
  ZIdParams,
  ZOptimizeApplied,
  ZOptimizeApply,
  ZOptimizePreview,
  ZOptimizeQuery,
  ZOptimizeUndone,
  ZRoutePlan,
  ZRoutePlansQuery,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";

/** Mounted at /api/days. */
export const optimizeRouter = Router();
/** The applied optimizations the server keeps for their Undo (mounted at /api/route-plans). */
export const routePlansRouter = Router();

/** The preview: each move and the minutes saved. Nothing changes. */
optimizeRouter.post(
  "/:date/optimize",
  route(
    {
      access: { company: "manageJobs" },
      params: ZDayParams,
      body: ZOptimizeQuery,
      response: ZOptimizePreview,
    },
    ({ member, params, body }) =>
      previewOptimizedDay(member.companyId, params.date, {
        employeeIds: body.employeeIds,
        reassign: body.reassign,
      }),
  ),
);

/** Applies the moves in one transaction; one job changed since the preview is 409 stale, nothing applied. */
optimizeRouter.post(
  "/:date/optimize/apply",
  route(
    {
      access: { company: "manageJobs" },
      params: ZDayParams,
      body: ZOptimizeApply,
      idempotent: true,
      response: ZOptimizeApplied,
    },
    ({ member, params, body }) => applyOptimizedDay(member, params.date, body),
  ),
);

/** The day's optimizations still undoable, newest first: the board offers their Undo after a reload. */
routePlansRouter.get(
  "/",
  route(
    { access: { company: "manageJobs" }, query: ZRoutePlansQuery, response: z.array(ZRoutePlan) },
    ({ member, query }) => undoableRoutePlans(member.companyId, query.date),
  ),
);

/** The Undo: every job back where it was, at the versions the apply left (else 409 stale). */
routePlansRouter.post(
  "/:id/undo",
  route(
    { access: "user", params: ZIdParams, idempotent: true, response: ZOptimizeUndone },
    async ({ userId, params }) => {
      const { row, member } = await loadAuthorizedRow(
        routePlans,
        params.id,
        userId,
        "manageJobs",
        OPTIMIZE_MESSAGES.notFound,
      );
      return undoOptimizedDay(member, row);
    },
  ),
);
