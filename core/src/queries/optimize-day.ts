/**
 * Optimize a day's preview (docs/schedule.md, "Optimize a day"): reads one date of a
 * company (the roster, their jobs with places, windows and skills, the hours, approved time
 * off, the company's drive settings) and asks the pure optimizer
 * (core/src/planning/optimize-route.ts) for the order and times with the least drive time.
 * Reads only: nothing changes.
 */
import { DEFAULT_DRIVE_MODEL, estimateDriveMinutes, type OptimizePreviewDTO } from "@sched/shared-types";
import { and, eq, inArray } from "drizzle-orm";
import { EMPLOYEE_NOT_FOUND } from "../commands/save-employee";
import { db } from "../db/client";
import { jobs } from "../db/schema";
import { NotFound } from "../errors";
import { type OptimizeJob, type OptimizeTechnician, optimizeDay } from "../planning/optimize-route";
import { hoursOn, loadPlanDay } from "./absence-plan";

const WHOLE_DAY = { start: "00:00", end: "24:00" };

/**
 * The preview for `date`: the technicians named (each must be the company's: another id is
 * 404), else every active one. `reassign`: jobs marked "any time" may change technician.
 */
export async function previewOptimizedDay(
  companyId: string,
  date: string,
  options: { employeeIds?: string[]; reassign?: boolean },
): Promise<OptimizePreviewDTO> {
  const day = await loadPlanDay(companyId, date);
  const known = new Map(day.roster.map((employee) => [employee.id, employee]));
  for (const id of options.employeeIds ?? []) if (!known.has(id)) throw new NotFound(EMPLOYEE_NOT_FOUND);
  const chosen = options.employeeIds
    ? options.employeeIds.map((id) => known.get(id)!)
    : day.roster.filter((employee) => employee.isActive);
  const chosenIds = new Set(chosen.map((employee) => employee.id));
  const dayJobs = day.jobs.filter((job) => chosenIds.has(job.employeeId));
  // What the conflict columns leave out: the window, "any time", whether the technician set off.
  const extra =
    dayJobs.length === 0
      ? []
      : await db
          .select({
            id: jobs.id,
            arrivalWindow: jobs.arrivalWindow,
            flexible: jobs.flexible,
            onMyWayAt: jobs.onMyWayAt,
          })
          .from(jobs)
          .where(
            and(
              eq(jobs.companyId, companyId),
              inArray(
                jobs.id,
                dayJobs.map((job) => job.id),
              ),
            ),
          );
  const extraById = new Map(extra.map((row) => [row.id, row]));
  const technicians: OptimizeTechnician[] = chosen
    .filter((employee) => employee.isActive)
    .map((employee) => ({
      id: employee.id,
      hours: hoursOn(date, employee.availability ?? [], day.context),
      // Only approved time off keeps a job away (a pending request is a note).
      timeOff: day.timeOff
        .filter((off) => off.employeeId === employee.id && off.status === "approved")
        .map((off) =>
          off.startTime && off.endTime ? { start: off.startTime, end: off.endTime } : WHOLE_DAY,
        ),
      skills: employee.skills ?? [],
    }));
  const optimizeJobs: OptimizeJob[] = dayJobs.map((job) => {
    const more = extraById.get(job.id);
    return {
      id: job.id,
      employeeId: job.employeeId,
      time: job.time,
      durationMinutes: job.durationMinutes,
      place: job.place ?? null,
      arrivalWindow: more?.arrivalWindow ?? null,
      flexible: more?.flexible ?? false,
      // Started, done, or on the way: it stays as it is.
      locked: job.status !== "scheduled" || Boolean(more?.onMyWayAt),
      requiredSkills: job.requiredSkills ?? [],
      version: job.version,
    };
  });
  const model = day.context.drive ?? DEFAULT_DRIVE_MODEL;
  const result = optimizeDay({
    technicians,
    jobs: optimizeJobs,
    reassign: options.reassign ?? false,
    driveMinutes: (from, to) => estimateDriveMinutes(from, to, model),
  });
  return {
    date,
    moves: result.moves,
    savedMinutes: result.savedMinutes,
    driveMinutesBefore: result.driveBefore,
    driveMinutesAfter: result.driveAfter,
    unplaced: result.unplaced,
  };
}
