/**
 * The sick day applied (docs/time-off.md). One transaction records the
 * approved time off and every move the office kept, each job at the version the preview
 * showed (one job changed since: nothing is applied, 409 stale), and keeps the plan for its
 * Undo (undo-absence-plan.ts). Announced only after commit: the jobs, the time off, one bell
 * entry per colleague for the whole day, and a customer notice only where the arrival time
 * changed. The helpers below are shared with the Undo.
 */
import type { AbsencePlanAppliedDTO, JobDTO, TAbsencePlanApply } from "@sched/shared-types";
import { and, asc, eq, inArray } from "drizzle-orm";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db, type Executor } from "../db/client";
import { absencePlans, employees, jobs } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { logger } from "../logger";
import { type DayReplan, dayReplanNotices } from "../notifications/day-replan";
import { notifyMembers } from "../notifications/notify";
import { timeOffDecidedNotices } from "../notifications/time-off";
import type { CompanyAccess } from "../policies/authorize";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { withWarnings } from "../queries/job-warnings";
import { announceSickDay, recordSickDay } from "./absence-time-off";
import { detachedAfter } from "./occurrence-detach";
import { EMPLOYEE_INACTIVE, EMPLOYEE_NOT_IN_COMPANY, JOB_NOT_FOUND } from "./save-job";
import { assertCurrentVersion, nextVersion } from "./versions";

export type JobRow = typeof jobs.$inferSelect;
export type Employee = { id: string; companyId: string; name: string; isActive: boolean };

export const NOT_THEIR_JOB = "Job is not one of this employee's jobs that day";
export const BACK_TO_ABSENT = "A job cannot go to the employee who is out";

/** The moves' colleagues must be the company's own, active, and not the one who is out. */
async function assertColleagues(companyId: string, absent: Employee, targets: (string | null)[]) {
  const ids = [...new Set(targets.filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: employees.id, isActive: employees.isActive })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids)));
  targets.forEach((id, index) => {
    if (id === null) return;
    const fail = (message: string) => {
      throw new BadRequest(message, [{ path: `moves.${index}.employeeId`, message }]);
    };
    const employee = found.find((row) => row.id === id);
    if (id === absent.id) fail(BACK_TO_ABSENT);
    if (!employee) fail(EMPLOYEE_NOT_IN_COMPANY);
    else if (!employee.isActive) fail(EMPLOYEE_INACTIVE);
  });
}

/**
 * The jobs named, locked in id order (two plans at once never deadlock), each at the
 * version the caller saw: a job of another company is 404 as an unknown one, a job changed
 * since is 409 stale and the transaction rolls everything back.
 */
export async function lockAtVersions(
  tx: Executor,
  companyId: string,
  wanted: { jobId: string; version: number }[],
): Promise<Map<string, JobRow>> {
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        inArray(
          jobs.id,
          wanted.map((job) => job.jobId),
        ),
      ),
    )
    .orderBy(asc(jobs.id))
    .for("update");
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { jobId, version } of wanted) {
    const locked = byId.get(jobId);
    if (!locked) throw new NotFound(JOB_NOT_FOUND);
    await assertCurrentVersion(tx, locked, version, "job", () => presentJob(locked));
  }
  return byId;
}

/** Writes a job's new slot with its next version; an occurrence moved on its own detaches. */
export async function writeSlot(
  tx: Executor,
  member: CompanyAccess,
  locked: JobRow,
  slot: Pick<JobRow, "employeeId" | "date" | "time">,
): Promise<JobRow> {
  const [written] = await tx
    .update(jobs)
    .set({ ...slot, isDetached: detachedAfter(locked, slot), ...nextVersion(locked, member.userId) })
    .where(eq(jobs.id, locked.id))
    .returning();
  return written;
}

/** After commit: each job's event with its warnings, and its customer notice when the visit's time changed. */
export async function announceJobs(member: CompanyAccess, changes: { before: JobRow; after: JobRow }[]) {
  const answered: JobDTO[] = [];
  for (const { after } of changes) {
    const presented = presentJob(after);
    const job = await withWarnings(presented).catch((error: unknown) => {
      logger.warn({ err: error, jobId: after.id }, "job answered without warnings");
      return presented;
    });
    publish(member.companyId, "job.updated", job);
    answered.push(job);
  }
  // A customer hears only of a new date or time (noticesFor): a new technician alone says nothing.
  for (const change of changes) await noticeJobChange({ type: "updated", ...change });
  return answered;
}

export async function applyAbsencePlan(
  member: CompanyAccess,
  absent: Employee,
  input: TAbsencePlanApply,
): Promise<AbsencePlanAppliedDTO> {
  const { companyId } = member;
  await assertColleagues(
    companyId,
    absent,
    input.moves.map((move) => move.employeeId),
  );
  const { sickDay, changes, planId } = await db.transaction(async (tx) => {
    const locked = await lockAtVersions(tx, companyId, input.moves);
    const changes: { before: JobRow; after: JobRow }[] = [];
    for (const [index, move] of input.moves.entries()) {
      const before = locked.get(move.jobId) as JobRow;
      if (before.employeeId !== absent.id || before.date !== input.date) {
        throw new BadRequest(NOT_THEIR_JOB, [{ path: `moves.${index}.jobId`, message: NOT_THEIR_JOB }]);
      }
      const slot =
        move.employeeId === null
          ? { employeeId: null, date: null, time: null }
          : { employeeId: move.employeeId, date: before.date, time: move.time ?? before.time };
      changes.push({ before, after: await writeSlot(tx, member, before, slot) });
    }
    const sickDay = await recordSickDay(tx, member, absent, input.date);
    // Kept with the plan, so its Undo outlives the toast and a reload (docs/time-off.md).
    const [plan] = await tx
      .insert(absencePlans)
      .values({
        companyId,
        employeeId: absent.id,
        date: input.date,
        timeOffId: sickDay.row.id,
        timeOffAction: sickDay.action,
        jobs: changes.map(({ before, after }) => ({
          jobId: after.id,
          time: before.time ?? "",
          version: after.version,
        })),
        appliedBy: member.userId,
      })
      .returning({ id: absencePlans.id });
    return { sickDay, changes, planId: plan.id };
  });
  announceSickDay(sickDay);
  const answered = await announceJobs(member, changes);
  const given = changes.flatMap(({ after }) =>
    after.employeeId && after.time
      ? [{ jobId: after.id, employeeId: after.employeeId, time: after.time }]
      : [],
  );
  const replan: DayReplan = { absentEmployeeId: absent.id, absentName: absent.name, date: input.date, given };
  await notifyMembers(member, "day re-planned", (people, timeFormat) =>
    dayReplanNotices(replan, member.userId, people, timeFormat),
  );
  // Their own request approved: they hear the decision, as from the time-off screen.
  if (sickDay.approvedRequest) {
    await notifyMembers(member, "time off decided", (people, timeFormat) =>
      timeOffDecidedNotices(sickDay.row, "approved", people, member.userId, timeFormat),
    );
  }
  return {
    planId,
    timeOffId: sickDay.row.id,
    approvedRequest: sickDay.approvedRequest,
    timeOffAction: sickDay.action,
    moved: answered.filter((job) => job.employeeId !== null),
    unscheduled: answered.filter((job) => job.employeeId === null),
  };
}
