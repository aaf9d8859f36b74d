/**
 * The sick day (docs/time-off.md): a preview of who takes an absent
 * employee's jobs on one date, applying it (with approved sick time off) in one go, and its
 * Undo.
 */
import { z } from "zod";
import { canonicalId, ZCompanyId, ZDate, ZDateText, ZMomentText, ZRowId, ZTime } from "./common";
import { ZJob, ZJobWarning } from "./jobs";
import { ZVersion } from "./versions";

/** How many jobs one plan may move: far more than a day holds, a bound on the work of one request. */
export const ABSENCE_PLAN_MOVES_MAX = 200;

export const ABSENCE_PLAN_MESSAGES = {
  jobRequired: "Job is required",
  timeRequired: "Time is required",
  movedTwice: "Each job may be moved only once",
  tooMany: `At most ${ABSENCE_PLAN_MOVES_MAX} jobs at once`,
  timeOffRequired: "Time off is required",
  notFound: "Re-plan not found",
} as const;

const ZJobRef = canonicalId({
  error: (issue) =>
    issue.input === undefined || issue.input === "" ? ABSENCE_PLAN_MESSAGES.jobRequired : "Job is not valid",
});

/** POST /api/employees/:id/absence-plan: the preview for one date. */
export const ZAbsencePlanQuery = z.object({ companyId: ZCompanyId.optional(), date: ZDate });
export type TAbsencePlanQuery = z.infer<typeof ZAbsencePlanQuery>;

/**
 * One move as the office decided it: to a colleague at a time, or (employeeId null) to
 * the Unscheduled tray. `version` is the job's version when the preview was made.
 */
export const ZAbsencePlanMove = z
  .object({
    jobId: ZJobRef,
    employeeId: canonicalId({ message: "Employee is not valid" }).nullable(),
    time: ZTime.nullish(),
    version: ZVersion,
  })
  .superRefine((move, ctx) => {
    if (move.employeeId !== null && !move.time) {
      ctx.addIssue({ code: "custom", path: ["time"], message: ABSENCE_PLAN_MESSAGES.timeRequired });
    }
  });
export type TAbsencePlanMove = z.infer<typeof ZAbsencePlanMove>;

const onceEach = (ids: string[]) => new Set(ids).size === ids.length;

/** POST /api/employees/:id/absence-plan/apply */
export const ZAbsencePlanApply = ZAbsencePlanQuery.extend({
  moves: z
    .array(ZAbsencePlanMove, { message: "Moves are required" })
    .max(ABSENCE_PLAN_MOVES_MAX, { message: ABSENCE_PLAN_MESSAGES.tooMany })
    .refine((moves) => onceEach(moves.map((move) => move.jobId)), {
      message: ABSENCE_PLAN_MESSAGES.movedTwice,
    }),
});
export type TAbsencePlanApply = z.infer<typeof ZAbsencePlanApply>;

/**
 * POST /api/employees/:id/absence-plan/undo: every job back to the employee on the time
 * off's date at the time it had, each at the version the apply answered; the time off goes
 * (or, the apply having approved the employee's request, goes back to pending).
 */
export const ZAbsencePlanUndo = z.object({
  companyId: ZCompanyId.optional(),
  timeOffId: canonicalId({
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? ABSENCE_PLAN_MESSAGES.timeOffRequired
        : "Time off is not valid",
  }),
  jobs: z
    .array(z.object({ jobId: ZJobRef, time: ZTime, version: ZVersion }), { message: "Jobs are required" })
    .max(ABSENCE_PLAN_MOVES_MAX, { message: ABSENCE_PLAN_MESSAGES.tooMany })
    .refine((jobs) => onceEach(jobs.map((job) => job.jobId)), { message: ABSENCE_PLAN_MESSAGES.movedTwice }),
  /** The apply approved the employee's own pending request (`approvedRequest`): put it back to pending, not away. */
  reopenRequest: z.boolean({ message: "Reopen request must be true or false" }).default(false),
});
export type TAbsencePlanUndo = z.infer<typeof ZAbsencePlanUndo>;

/** The preview: each move carries the conflict engine's warnings for the job where it would go. */
export const ZAbsencePlan = z
  .object({
    date: ZDateText,
    employeeId: ZRowId,
    moves: z.array(
      z.object({ jobId: ZRowId, employeeId: ZRowId, time: ZTime, warnings: z.array(ZJobWarning) }),
    ),
    unplaced: z.array(z.object({ jobId: ZRowId, reason: z.string() })),
  })
  .meta({ id: "AbsencePlan" });
export type AbsencePlanDTO = z.infer<typeof ZAbsencePlan>;

const ZTimeOffAction = z
  .enum(["added", "approved", "kept"])
  .describe(
    "added (the Undo removes the time off), approved (the request goes back to pending) or kept (the time off was approved before and stays)",
  );

/**
 * The answer of an apply: the day's time off (`approvedRequest`: the employee's own pending
 * request, now approved, rather than a new one), and the jobs as they are now.
 */
export const ZAbsencePlanApplied = z
  .object({
    planId: ZRowId.describe(
      "The applied plan the server keeps for its Undo (POST /api/absence-plans/:id/undo)",
    ),
    timeOffId: ZRowId,
    approvedRequest: z.boolean(),
    timeOffAction: ZTimeOffAction,
    moved: z.array(ZJob),
    unscheduled: z.array(ZJob),
  })
  .meta({ id: "AbsencePlanApplied" });
export type AbsencePlanAppliedDTO = z.infer<typeof ZAbsencePlanApplied>;

/** The answer of an Undo: the jobs back with the employee. */
export const ZAbsencePlanUndone = z.object({ restored: z.array(ZJob) }).meta({ id: "AbsencePlanUndone" });
export type AbsencePlanUndoneDTO = z.infer<typeof ZAbsencePlanUndone>;

/** GET /api/absence-plans: the re-plans still undoable on the days from..to (at most a month). */
export const ZAbsencePlansQuery = z
  .object({ companyId: ZCompanyId.optional(), from: ZDate, to: ZDate })
  .refine((query) => query.from <= query.to, { path: ["to"], message: "To must not be before from" })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 31 * 24 * 60 * 60 * 1000, {
    path: ["to"],
    message: "At most 31 days at once",
  });
export type TAbsencePlansQuery = z.infer<typeof ZAbsencePlansQuery>;

/** A re-plan applied and not undone (docs/time-off.md): what its Undo puts back. */
export const ZAbsencePlanUndoable = z
  .object({
    id: ZRowId,
    employeeId: ZRowId,
    date: ZDateText,
    timeOffId: ZRowId,
    timeOffAction: ZTimeOffAction,
    jobs: z.array(z.object({ jobId: ZRowId, time: ZTime, version: z.int() })),
    createdAt: ZMomentText,
  })
  .meta({ id: "AbsencePlanUndoable" });
export type AbsencePlanUndoableDTO = z.infer<typeof ZAbsencePlanUndoable>;
