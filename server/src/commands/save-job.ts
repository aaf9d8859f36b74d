/**
 * Creating and changing jobs: the references must be the company's own, completedAt
 * follows the status (SPEC section 4), employees may only report progress, and every
 * change is announced after it commits (job event, new history week, the bell).
 */
import {
  JOB_PROGRESS_FIELDS,
  type JobDTO,
  type TJobCreate,
  type TJobUpdate,
  type WeeklyScheduleDTO,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { authorize, type CompanyAccess } from "../auth/company-access";
import { db } from "../db/client";
import { callRecords, employees, jobs } from "../db/schema";
import { BadRequest, Forbidden } from "../errors";
import { can } from "../policies";
import { presentJob } from "../presenters/jobs";
import { publish } from "../realtime/publish";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import { decodePhotoChanges, writePhotoChanges } from "./job-photos";
import { describeJobChange, recordActivity } from "./record-activity";

type JobRow = typeof jobs.$inferSelect;

export const EMPLOYEE_NOT_IN_COMPANY = "Employee is not part of this company";
export const EMPLOYEE_INACTIVE = "Employee is not active";
export const CALL_RECORD_NOT_IN_COMPANY = "Call record is not part of this company";
export const PROGRESS_ONLY = "Employees may only change a job's status, completion and photos";

async function assertEmployeeOfCompany(companyId: string, employeeId: string) {
  const [employee] = await db
    .select({ isActive: employees.isActive })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)));
  if (!employee) throw new BadRequest(EMPLOYEE_NOT_IN_COMPANY);
  // The board lists active employees only: a job given to anyone else would vanish from it.
  if (!employee.isActive) throw new BadRequest(EMPLOYEE_INACTIVE);
}

async function assertCallRecordOfCompany(companyId: string, callRecordId: string) {
  const [record] = await db
    .select({ id: callRecords.id })
    .from(callRecords)
    .where(and(eq(callRecords.id, callRecordId), eq(callRecords.companyId, companyId)));
  if (!record) throw new BadRequest(CALL_RECORD_NOT_IN_COMPANY);
}

/** After commit: the job event, the history week when one was opened, and the bell. */
async function announce(
  member: CompanyAccess,
  event: "job.created" | "job.updated",
  before: JobDTO | undefined,
  job: JobDTO,
  week: WeeklyScheduleDTO | undefined,
) {
  publish(member.companyId, event, job);
  if (week) publish(member.companyId, "weeklySchedule.created", week);
  await recordActivity(member.companyId, describeJobChange(before, job), member.userId);
}

export async function createJob(member: CompanyAccess, input: TJobCreate): Promise<JobDTO> {
  const { companyId } = member;
  await assertEmployeeOfCompany(companyId, input.employeeId);
  if (input.callRecordId) await assertCallRecordOfCompany(companyId, input.callRecordId);
  const { companyId: _ignored, ...fields } = input;
  const { row, week } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(jobs)
      .values({ ...fields, companyId, completedAt: fields.status === "completed" ? new Date() : null })
      .returning();
    return { row: inserted, week: await ensureWeeklySchedule(tx, companyId, inserted.date) };
  });
  const job = presentJob(row);
  await announce(member, "job.created", undefined, job, week);
  return job;
}

/** Stored value and requested value mean the same thing (the schema already normalised the request). */
const isSame = (stored: unknown, requested: unknown) => (stored ?? null) === (requested ?? null);

/**
 * completedAt follows the status: a job saved as completed keeps its completion time or
 * gets "now" (SPEC section 4); one that is no longer completed has none (docs/schedule.md).
 */
function completionTime(before: JobRow, input: TJobUpdate, status: string): Date | null {
  if (status !== "completed") return null;
  if (input.completedAt) return new Date(input.completedAt);
  return before.completedAt ?? new Date();
}

export async function updateJob(member: CompanyAccess, before: JobRow, input: TJobUpdate): Promise<JobDTO> {
  const { companyId } = member;
  const { companyId: _ignored, beforePhoto, afterPhoto, completedAt: _completedAt, ...fields } = input;
  if (can(member.role, "manageJobs")) {
    authorize(member, "manageJobs");
  } else {
    authorize(member, "progressJobs");
    // Employees report progress; the office owns the plan. Resending a value unchanged is not a change.
    const changesPlan = Object.entries(fields).some(
      ([key, value]) =>
        !(JOB_PROGRESS_FIELDS as readonly string[]).includes(key) &&
        !isSame(before[key as keyof JobRow], value),
    );
    if (changesPlan) throw new Forbidden(PROGRESS_ONLY);
  }
  if (fields.employeeId && fields.employeeId !== before.employeeId) {
    await assertEmployeeOfCompany(companyId, fields.employeeId);
  }
  if (fields.callRecordId && fields.callRecordId !== before.callRecordId) {
    await assertCallRecordOfCompany(companyId, fields.callRecordId);
  }
  const photos = decodePhotoChanges({ beforePhoto, afterPhoto });
  const status = fields.status ?? before.status;
  const { row, week } = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(jobs)
      .set({
        ...fields,
        completedAt: completionTime(before, input, status),
        ...(photos.before !== undefined ? { hasBeforePhoto: photos.before !== null } : {}),
        ...(photos.after !== undefined ? { hasAfterPhoto: photos.after !== null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, before.id))
      .returning();
    await writePhotoChanges(tx, before.id, photos);
    const isNewWeek = updated.date !== before.date;
    return {
      row: updated,
      week: isNewWeek ? await ensureWeeklySchedule(tx, companyId, updated.date) : undefined,
    };
  });
  const job = presentJob(row);
  await announce(member, "job.updated", presentJob(before), job, week);
  return job;
}
