/**
 * An optimized day applied, and its Undo (docs/schedule.md, "Optimize a day"), the way the
 * sick day's re-plan is (apply-absence-plan.ts): one transaction moves every job the
 * office kept, each at the version the preview showed (one changed since: 409 stale,
 * nothing applied), and keeps the day as it was (route_plan) so its Undo outlives the toast
 * and a reload. Announced only after commit: each job's event, and a customer notice where
 * the arrival time changed.
 */
import type { OptimizeAppliedDTO, OptimizeUndoneDTO, TOptimizeApply } from "@sched/shared-types";
import { DEFAULT_DRIVE_MODEL, estimateDriveMinutes, OPTIMIZE_MESSAGES } from "@sched/shared-types";
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { employees, jobs, routePlans } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { dayDriveMinutes, type Point } from "../planning/optimize-route";
import type { CompanyAccess } from "../policies/authorize";
import { loadCompanySettings } from "../queries/company-settings";
import { announceJobs, type JobRow, lockAtVersions, writeSlot } from "./apply-absence-plan";
import { EMPLOYEE_NOT_FOUND } from "./save-employee";
import { EMPLOYEE_INACTIVE } from "./save-job";

/** The technicians the moves name: the company's own (another's is 404) and active (400). */
async function assertTechnicians(companyId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: employees.id, isActive: employees.isActive })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, unique)));
  ids.forEach((id, index) => {
    const employee = found.find((row) => row.id === id);
    if (!employee) throw new NotFound(EMPLOYEE_NOT_FOUND);
    if (!employee.isActive) {
      throw new BadRequest(EMPLOYEE_INACTIVE, [
        { path: `moves.${index}.employeeId`, message: EMPLOYEE_INACTIVE },
      ]);
    }
  });
}

/**
 * The drive minutes the apply saved on the days of the technicians it touched, by the
 * company's estimate (as the preview counts them): their day as it is now against the same
 * day with the moved jobs where they were. The office may apply part of a preview, so the
 * figure is counted here, not taken from it.
 */
async function savedDriveMinutes(
  tx: Executor,
  companyId: string,
  date: string,
  changes: { before: JobRow; after: JobRow }[],
): Promise<number> {
  const technicians = [
    ...new Set(changes.flatMap(({ before, after }) => [before.employeeId, after.employeeId] as string[])),
  ];
  const [settings, rows] = await Promise.all([
    loadCompanySettings(companyId),
    tx
      .select({
        id: jobs.id,
        employeeId: jobs.employeeId,
        time: jobs.time,
        lat: jobs.placeLat,
        lng: jobs.placeLng,
      })
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, companyId),
          eq(jobs.date, date),
          inArray(jobs.employeeId, technicians),
          isNotNull(jobs.time),
          ne(jobs.status, "cancelled"),
        ),
      ),
  ]);
  const model = settings.drive ?? DEFAULT_DRIVE_MODEL;
  const driveMinutes = (from: Point, to: Point) => estimateDriveMinutes(from, to, model);
  const beforeById = new Map(changes.map(({ before }) => [before.id, before]));
  /** The technicians' drive minutes with each job at the slot `slotOf` gives it. */
  const driveOfDays = (slotOf: (row: (typeof rows)[number]) => Pick<JobRow, "employeeId" | "time">) => {
    const stops = rows.map((row) => {
      const { employeeId, time } = slotOf(row);
      const place = row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng };
      return { id: row.id, employeeId, time: time as string, place };
    });
    return technicians.reduce(
      (sum, id) =>
        sum +
        dayDriveMinutes(
          stops.filter((stop) => stop.employeeId === id),
          driveMinutes,
        ),
      0,
    );
  };
  return driveOfDays((row) => beforeById.get(row.id) ?? row) - driveOfDays((row) => row);
}

export async function applyOptimizedDay(
  member: CompanyAccess,
  date: string,
  input: TOptimizeApply,
): Promise<OptimizeAppliedDTO> {
  const { companyId } = member;
  await assertTechnicians(
    companyId,
    input.moves.map((move) => move.employeeId),
  );
  const { changes, planId } = await db.transaction(async (tx) => {
    const locked = await lockAtVersions(tx, companyId, input.moves);
    const changes: { before: JobRow; after: JobRow }[] = [];
    for (const [index, move] of input.moves.entries()) {
      const before = locked.get(move.jobId) as JobRow;
      if (before.date !== date || !before.employeeId || !before.time) {
        throw new BadRequest(OPTIMIZE_MESSAGES.notThatDay, [
          { path: `moves.${index}.jobId`, message: OPTIMIZE_MESSAGES.notThatDay },
        ]);
      }
      const after = await writeSlot(tx, member, before, {
        employeeId: move.employeeId,
        date,
        time: move.time,
      });
      changes.push({ before, after });
    }
    const savedMinutes = await savedDriveMinutes(tx, companyId, date, changes);
    const [plan] = await tx
      .insert(routePlans)
      .values({
        companyId,
        date,
        jobs: changes.map(({ before, after }) => ({
          jobId: after.id,
          employeeId: before.employeeId as string,
          time: before.time as string,
          version: after.version,
        })),
        appliedBy: member.userId,
        savedMinutes,
      })
      .returning({ id: routePlans.id });
    return { changes, planId: plan.id };
  });
  const moved = await announceJobs(member, changes);
  return { planId, moved };
}

/**
 * The Undo of an applied optimization: every job back with its technician at its time, each
 * at the version the apply left (one changed since: 409 stale, nothing undone); the kept
 * plan goes with it (undone already: 404).
 */
export async function undoOptimizedDay(
  member: CompanyAccess,
  plan: typeof routePlans.$inferSelect,
): Promise<OptimizeUndoneDTO> {
  const { companyId } = member;
  const changes = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(routePlans)
      .where(and(eq(routePlans.id, plan.id), eq(routePlans.companyId, companyId)))
      .returning({ id: routePlans.id });
    if (!gone) throw new NotFound(OPTIMIZE_MESSAGES.notFound);
    const locked = await lockAtVersions(tx, companyId, plan.jobs);
    const changes: { before: JobRow; after: JobRow }[] = [];
    for (const { jobId, employeeId, time } of plan.jobs) {
      const before = locked.get(jobId) as JobRow;
      changes.push({
        before,
        after: await writeSlot(tx, member, before, { employeeId, date: plan.date, time }),
      });
    }
    return changes;
  });
  return { restored: await announceJobs(member, changes) };
}
