/**
 * Optimize a day (docs/schedule.md): the preview of a day's jobs in the order and times
 * that give the least drive time, applying it in one step with versions, and its Undo.
 */
import { z } from "zod";
import { canonicalId, ZCompanyId, ZDate, ZDateText, ZMomentText, ZRowId, ZTime } from "./common";
import { ZJob } from "./jobs";
import { ZVersion } from "./versions";

/** How many jobs one apply may move: far more than a day holds, a bound on one request's work. */
export const OPTIMIZE_MOVES_MAX = 400;
/** How many technicians one preview may name. */
export const OPTIMIZE_EMPLOYEES_MAX = 200;

export const OPTIMIZE_MESSAGES = {
  movesRequired: "Moves are required",
  noMoves: "Nothing to apply",
  movedTwice: "Each job may be moved only once",
  tooMany: `At most ${OPTIMIZE_MOVES_MAX} jobs at once`,
  tooManyEmployees: `At most ${OPTIMIZE_EMPLOYEES_MAX} employees at once`,
  employeeTwice: "Each employee may be named only once",
  jobRequired: "Job is required",
  employeeRequired: "Employee is required",
  notThatDay: "Job is not on that day",
  notFound: "Optimization not found",
  reassign: "Reassign must be true or false",
} as const;

/** The path's date: POST /api/days/:date/optimize. */
export const ZDayParams = z.object({ date: ZDate });

/** POST /api/days/:date/optimize: the technicians to optimize (all who work that day when left out). */
export const ZOptimizeQuery = z.object({
  companyId: ZCompanyId.optional(),
  employeeIds: z
    .array(canonicalId({ message: "Employee is not valid" }), { message: "Employee ids must be a list" })
    .max(OPTIMIZE_EMPLOYEES_MAX, { message: OPTIMIZE_MESSAGES.tooManyEmployees })
    .refine((ids) => new Set(ids).size === ids.length, { message: OPTIMIZE_MESSAGES.employeeTwice })
    .optional(),
  /** Team mode: jobs marked "any time" may go to another technician who has their skills. */
  reassign: z.boolean({ message: OPTIMIZE_MESSAGES.reassign }).default(false),
});
export type TOptimizeQuery = z.infer<typeof ZOptimizeQuery>;

const ZMove = z.object({
  jobId: canonicalId({
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? OPTIMIZE_MESSAGES.jobRequired : "Job is not valid",
  }),
  employeeId: canonicalId({
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? OPTIMIZE_MESSAGES.employeeRequired
        : "Employee is not valid",
  }),
  time: ZTime,
  version: ZVersion,
});

/** The preview: each move (the job's new technician and time, at the version it was read), the minutes saved, and what stays. */
export const ZOptimizePreview = z
  .object({
    date: ZDateText,
    moves: z.array(
      z.object({
        jobId: ZRowId,
        employeeId: ZRowId,
        time: ZTime,
        version: z.int(),
      }),
    ),
    savedMinutes: z.int().describe("Drive minutes the day saves, by the company's drive estimate"),
    driveMinutesBefore: z.int(),
    driveMinutesAfter: z.int(),
    unplaced: z
      .array(z.object({ jobId: ZRowId, reason: z.string() }))
      .describe('Jobs that may move but keep their time, and why ("No place")'),
  })
  .meta({ id: "OptimizePreview" });
export type OptimizePreviewDTO = z.infer<typeof ZOptimizePreview>;

/** POST /api/days/:date/optimize/apply: the preview's moves (the office may leave some out). */
export const ZOptimizeApply = z.object({
  companyId: ZCompanyId.optional(),
  moves: z
    .array(ZMove, { message: OPTIMIZE_MESSAGES.movesRequired })
    .min(1, { message: OPTIMIZE_MESSAGES.noMoves })
    .max(OPTIMIZE_MOVES_MAX, { message: OPTIMIZE_MESSAGES.tooMany })
    .refine((moves) => new Set(moves.map((move) => move.jobId)).size === moves.length, {
      message: OPTIMIZE_MESSAGES.movedTwice,
    }),
});
export type TOptimizeApply = z.infer<typeof ZOptimizeApply>;

export const ZOptimizeApplied = z
  .object({
    planId: ZRowId.describe(
      "The applied optimization the server keeps for its Undo (POST /api/route-plans/:id/undo)",
    ),
    moved: z.array(ZJob),
  })
  .meta({ id: "OptimizeApplied" });
export type OptimizeAppliedDTO = z.infer<typeof ZOptimizeApplied>;

/** The answer of an Undo: the jobs back where they were. */
export const ZOptimizeUndone = z.object({ restored: z.array(ZJob) }).meta({ id: "OptimizeUndone" });
export type OptimizeUndoneDTO = z.infer<typeof ZOptimizeUndone>;

/** GET /api/route-plans: the optimizations of one day still undoable. */
export const ZRoutePlansQuery = z.object({ companyId: ZCompanyId.optional(), date: ZDate });
export type TRoutePlansQuery = z.infer<typeof ZRoutePlansQuery>;

/**
 * An applied optimization not undone yet (GET /api/route-plans): who applied it and when,
 * what it saved, and what its Undo puts back (each job's technician and time before, and
 * the version the apply left: a job changed since makes the Undo 409 stale).
 */
export const ZRoutePlan = z
  .object({
    id: ZRowId,
    date: ZDateText,
    appliedAt: ZMomentText,
    appliedBy: z
      .object({ userId: ZRowId, name: z.string() })
      .nullable()
      .describe("Who applied it; null once their account is gone"),
    moves: z.int().describe("How many jobs it moved"),
    savedMinutes: z.int().describe("Drive minutes it saved on the days it touched"),
    jobs: z.array(z.object({ jobId: ZRowId, employeeId: ZRowId, time: ZTime, version: z.int() })),
  })
  .meta({ id: "RoutePlan" });
export type RoutePlanDTO = z.infer<typeof ZRoutePlan>;
