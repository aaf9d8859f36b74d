/**
 * The sick day applied, and undone (docs/time-off.md, "The sick day"). One transaction
 * records the approved sick time off and every move the office kept, each job at the
 * version the preview showed: one job changed since, and nothing is applied (409 stale).
 * The Undo puts every job back with the employee and takes the time off back (removed, or
 * the employee's own request pending again), in one transaction too. Announced only after commit: the jobs, the time off, one bell entry per
 * colleague for the whole day, and a customer notice only where the arrival time changed.
 */
import type {
  AbsencePlanAppliedDTO,
  AbsencePlanUndoneDTO,
  JobDTO,
  TAbsencePlanApply,
  TAbsencePlanUndo,
} from "@sched/shared-types";
import { and, asc, eq, inArray } from "drizzle-orm";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db, type Executor } from "../db/client";
import { employees, jobs } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { logger } from "../logger";
import { type DayReplan, dayReplanNotices, dayReplanUndoneNotices } from "../notifications/day-replan";
import { notifyMembers } from "../notifications/notify";
import { timeOffDecidedNotices } from "../notifications/time-off";
import type { CompanyAccess } from "../policies/authorize";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { withWarnings } from "../queries/job-warnings";
import {
  announceSickDay,
  announceSickDayTakenBack,
  recordSickDay,
  takeBackSickDay,
} from "./absence-time-off";
import { detachedAfter } from "./occurrence-detach";
import { EMPLOYEE_INACTIVE, EMPLOYEE_NOT_IN_COMPANY, JOB_NOT_FOUND } from "./save-job";
import { assertCurrentVersion, nextVersion } from "./versions";

type JobRow = typeof jobs.$inferSelect;
type Employee = { id: string; companyId: string; name: string; isActive: boolean };

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
async function lockAtVersions(
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
async function writeSlot(
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
async function announceJobs(member: CompanyAccess, changes: { before: JobRow; after: JobRow }[]) {
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
  const { sickDay, changes } = await db.transaction(async (tx) => {
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
    return { sickDay, changes };
  });
  announceSickDay(sickDay);
  const answered = await announceJobs(member, changes);
  const given = changes.flatMap(({ after }) =>
    after.employeeId && after.time
      ? [{ jobId: after.id, employeeId: after.employeeId, time: after.time }]
      : [],
  );
  const replan: DayReplan = { absentEmployeeId: absent.id, absentName: absent.name, date: input.date, given };
  await notifyMembers(member, "day re-planned", (people) => dayReplanNotices(replan, member.userId, people));
  // Their own request approved: they hear the decision, as from the time-off screen.
  if (sickDay.approvedRequest) {
    await notifyMembers(member, "time off decided", (people) =>
      timeOffDecidedNotices(sickDay.row, "approved", people, member.userId),
    );
  }
  return {
    timeOffId: sickDay.row.id,
    approvedRequest: sickDay.approvedRequest,
    moved: answered.filter((job) => job.employeeId !== null),
    unscheduled: answered.filter((job) => job.employeeId === null),
  };
}

/**
 * The Undo: every job back with the absent employee on the time off's date at the time
 * named (the one it had before), each at the version the apply answered, and the time off
 * removed. A job changed since is 409 stale and nothing is undone.
 */
export async function undoAbsencePlan(
  member: CompanyAccess,
  absent: Employee,
  input: TAbsencePlanUndo,
): Promise<AbsencePlanUndoneDTO> {
  const { companyId } = member;
  // The board lists active employees only: jobs given back to someone made inactive since would vanish.
  if (!absent.isActive && input.jobs.length > 0) throw new BadRequest(EMPLOYEE_INACTIVE);
  const { taken, changes } = await db.transaction(async (tx) => {
    const taken = await takeBackSickDay(tx, member, absent.id, input.timeOffId, input.reopenRequest);
    const date = taken.row.startDate;
    const locked = await lockAtVersions(tx, companyId, input.jobs);
    const changes: { before: JobRow; after: JobRow }[] = [];
    for (const { jobId, time } of input.jobs) {
      const before = locked.get(jobId) as JobRow;
      const after = await writeSlot(tx, member, before, { employeeId: absent.id, date, time });
      // A job back from the tray was never announced to its customer as moved: the slot they
      // were last told of is the one it returns to, so no notice goes out for it.
      changes.push({
        before: before.date === null ? { ...before, date, time } : before,
        after,
      });
    }
    return { taken, changes };
  });
  announceSickDayTakenBack(taken);
  const restored = await announceJobs(member, changes);
  const given = changes.flatMap(({ before }) =>
    before.employeeId && before.employeeId !== absent.id && before.time
      ? [{ jobId: before.id, employeeId: before.employeeId, time: before.time }]
      : [],
  );
  const replan: DayReplan = {
    absentEmployeeId: absent.id,
    absentName: absent.name,
    date: taken.row.startDate,
    given,
  };
  await notifyMembers(member, "day re-plan undone", (people) =>
    dayReplanUndoneNotices(replan, member.userId, people),
  );
  return { restored };
}
