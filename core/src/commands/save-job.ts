/**
 * Creating and changing jobs (docs/schedule.md): the references must be the company's own,
 * completedAt follows the status, employees may only report progress (status, completion,
 * photos, On my way), and every change is announced after it commits (job event, new
 * history week, the bell).
 */
import type { JobDTO, TJobCreate, TJobUpdate, WeeklyScheduleDTO } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db, type Executor } from "../db/client";
import { callRecords, customers, jobs } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { logger } from "../logger";
import { notifyJobChange } from "../notifications/notify";
import type { JobChange } from "../notifications/recipients";
import { jobPlaceOnSave } from "../places/on-save";
import { requestStreetLookup } from "../places/street-lookup";
import { assertAssignableEmployee } from "../policies/assignable-employee";
import type { CompanyAccess } from "../policies/authorize";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { defaultJobSkills, knownSkills } from "../queries/company-skills";
import { defaultJobDuration } from "../queries/job-durations";
import { withWarnings } from "../queries/job-warnings";
import { arrivalEstimateOfTap } from "../visits/arrival-estimate";
import { announceCreatedCustomer, assertCustomerOfCompany, customerOfCall } from "./customer-links";
import { pastTimeOfChange, timeOfMoveOntoToday } from "./drop-time";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import {
  assertChangeAllowed,
  columnsOf,
  isRowOnly,
  type JobChangeInput,
  type JobRow,
  placeOfChange,
} from "./job-change-rules";
import { writeJobIfVersion } from "./job-compare-and-set";
import { decodePhotoChanges, writePhotoChanges } from "./job-photos";
import { recordJobTaps } from "./record-job-taps";

export const JOB_NOT_FOUND = "Job not found";
/** Kept here too: routes, tests and other commands import them from save-job. */
export { EMPLOYEE_INACTIVE, EMPLOYEE_NOT_IN_COMPANY } from "../policies/assignable-employee";
export const CALL_RECORD_NOT_IN_COMPANY = "Call record is not part of this company";
export { PROGRESS_ONLY } from "./job-change-rules";

async function assertCallRecordOfCompany(executor: Executor, companyId: string, callRecordId: string) {
  const [record] = await executor
    .select({ id: callRecords.id })
    .from(callRecords)
    .where(and(eq(callRecords.id, callRecordId), eq(callRecords.companyId, companyId)));
  if (!record) throw new BadRequest(CALL_RECORD_NOT_IN_COMPANY);
}

/** The linked customer's name for the answer and the event; none when it cannot be read now. */
async function customerNameOf(customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .catch((error: unknown) => {
      logger.warn({ err: error, customerId }, "job answered without its customer's name");
      return [];
    });
  return customer?.name ?? null;
}

/**
 * After commit: the job event, the history week when one was opened, and the bell. Nobody
 * is told before the change is committed (docs/realtime.md).
 */
export async function announce(
  member: CompanyAccess,
  event: "job.created" | "job.updated",
  row: JobRow,
  week: WeeklyScheduleDTO | undefined,
  change: JobChange,
): Promise<JobDTO> {
  // The change is committed: what follows may fail (a dropped connection) without turning a
  // stored change into an error, which a retry would apply again (docs/reliability.md).
  // Warnings inform, never refuse; without them the job is answered as it is.
  const presented = presentJob(row, await customerNameOf(row.customerId));
  const job = await withWarnings(presented).catch((error: unknown) => {
    logger.warn({ err: error, jobId: row.id }, "job answered without warnings");
    return presented;
  });
  publish(member.companyId, event, job);
  if (week) publish(member.companyId, "weeklySchedule.created", week);
  await notifyJobChange(member, change).catch((error: unknown) =>
    logger.warn({ err: error, jobId: row.id }, "bell not rung for a job change"),
  );
  return job;
}

export async function createJob(member: CompanyAccess, input: TJobCreate): Promise<JobDTO> {
  const { companyId } = member;
  // No employee: an unscheduled job (the schema has checked employee, date and time go together).
  if (input.employeeId) await assertAssignableEmployee(db, companyId, input.employeeId);
  if (input.callRecordId) await assertCallRecordOfCompany(db, companyId, input.callRecordId);
  const { companyId: _ignored, ...fields } = input;
  fields.durationMinutes ??= await defaultJobDuration(companyId, fields.type);
  // Left out: the job type's skills (Settings); named: only the company's (docs/schedule.md, "Skills").
  fields.requiredSkills =
    fields.requiredSkills === undefined
      ? await defaultJobSkills(companyId, fields.type)
      : await knownSkills(companyId, fields.requiredSkills, "requiredSkills");
  if (fields.customerId) await assertCustomerOfCompany(db, companyId, fields.customerId);
  const { row, week, newCustomer } = await db.transaction(async (tx) => {
    // Booked from a call without a customer named: the call's customer (docs/customers.md).
    const fromCall =
      !fields.customerId && fields.callRecordId
        ? await customerOfCall(tx, companyId, fields.callRecordId, member.userId)
        : undefined;
    const customerId = fields.customerId ?? fromCall?.customerId ?? null;
    // Where the job is: its customer's place at the same address, else the offline data's (docs/places.md).
    const place = await jobPlaceOnSave(tx, companyId, undefined, fields.location, customerId);
    const [inserted] = await tx
      .insert(jobs)
      .values({
        ...fields,
        ...place,
        customerId,
        companyId,
        completedAt: fields.status === "completed" ? new Date() : null,
      })
      .returning();
    const week = inserted.date ? await ensureWeeklySchedule(tx, companyId, inserted.date) : undefined;
    return { row: inserted, week, newCustomer: fromCall?.created };
  });
  announceCreatedCustomer(newCustomer);
  const job = await announce(member, "job.created", row, week, { type: "created", job: row });
  // Booking e-mails to the customer (docs/customers.md); never fails the save.
  await noticeJobChange({ type: "created", job: row });
  // The street-level place comes later from the worker, when a geocoder is configured (docs/places.md).
  await requestStreetLookup({ companyId, kind: "job", id: row.id }, { ...row, address: row.location });
  return job;
}

/**
 * A change that touches only the job's own row, written in one statement on the row the
 * caller read (the route's door) if it is still that version: a compare-and-set on the
 * version, which every writer of a job grows. Undefined when someone changed the job
 * since: the transaction then decides on the locked row.
 */
async function updateIfUnchanged(
  member: CompanyAccess,
  seen: JobRow,
  change: JobChangeInput,
  expectedVersion: number | undefined,
): Promise<JobRow | undefined> {
  await assertChangeAllowed(db, member, seen, change, expectedVersion);
  change.place = await placeOfChange(db, member.companyId, seen, change);
  return writeJobIfVersion(seen.id, seen.version, columnsOf(member, seen, change));
}

/**
 * Changes a job on its row as it is at the write: the version check, who may change what,
 * completedAt and the next version are all decided on that row, so two saves at once run
 * one after the other and never mix (docs/schedule.md). A change of the job's own row
 * alone is one compare-and-set on the row the route read (`seen`); anything else, or a
 * row changed since, runs in a transaction on the locked row. `expectedVersion` is the
 * version the client last saw; another one answers 409 stale.
 */
export async function updateJob(
  member: CompanyAccess,
  jobId: string,
  input: TJobUpdate,
  expectedVersion?: number,
  options: {
    /** Saved as part of a "following"/"all" edit of its series: only a date of its own detaches it. */
    seriesWide?: boolean;
    /** The job as the caller just read it (scoped to the member's company). */
    seen?: JobRow;
  } = {},
): Promise<JobDTO> {
  const { companyId } = member;
  const {
    companyId: _ignored,
    version: _version,
    beforePhoto,
    afterPhoto,
    completedAt: _completedAt,
    onMyWay: _onMyWay,
    onMyWayAt: _onMyWayAt,
    startedAt: _startedAt,
    from: _from,
    ...fields
  } = input;
  if (fields.requiredSkills !== undefined) {
    // The company's names, as it spells them; a skill it has since removed may stay on the job.
    const [current] = options.seen
      ? [options.seen]
      : await db
          .select({ requiredSkills: jobs.requiredSkills })
          .from(jobs)
          .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
    fields.requiredSkills = await knownSkills(
      companyId,
      fields.requiredSkills,
      "requiredSkills",
      current?.requiredSkills ?? [],
    );
  }
  const change: JobChangeInput = {
    fields,
    input,
    photos: decodePhotoChanges({ beforePhoto, afterPhoto }),
    seriesWide: options.seriesWide ?? false,
  };
  const { seen } = options;
  // On my way: when the technician should arrive (docs/visits.md), decided before the write.
  if (input.onMyWay) change.arrivalEstimateAt = await arrivalEstimateOfTap(companyId, jobId, seen, input);
  const isOwnRowChange = seen !== undefined && seen.id === jobId && isRowOnly(seen, change);
  const written = isOwnRowChange ? await updateIfUnchanged(member, seen, change, expectedVersion) : undefined;
  const { before, row, week } = written
    ? { before: seen as JobRow, row: written, week: undefined }
    : await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
        if (!locked) throw new NotFound(JOB_NOT_FOUND);
        // A move that names no time gets one first, so the slot it makes is whole (drop-time.ts).
        const dropTime = await timeOfMoveOntoToday(tx, locked, change.fields);
        if (dropTime) change.fields = { ...change.fields, time: dropTime };
        await assertChangeAllowed(tx, member, locked, change, expectedVersion);
        change.place = await placeOfChange(tx, companyId, locked, change);
        if (fields.employeeId && fields.employeeId !== locked.employeeId) {
          await assertAssignableEmployee(tx, companyId, fields.employeeId);
        }
        if (fields.callRecordId && fields.callRecordId !== locked.callRecordId) {
          await assertCallRecordOfCompany(tx, companyId, fields.callRecordId);
        }
        if (fields.customerId && fields.customerId !== locked.customerId) {
          await assertCustomerOfCompany(tx, companyId, fields.customerId);
        }
        // The photos first: the row then says which kinds still have one (job-photos.ts).
        const photoColumns = await writePhotoChanges(tx, locked, change.photos, member.userId);
        const [updated] = await tx
          .update(jobs)
          .set({ ...columnsOf(member, locked, change), ...photoColumns })
          .where(eq(jobs.id, jobId))
          .returning();
        const isNewWeek = updated.date !== null && updated.date !== locked.date;
        return {
          before: locked,
          row: updated,
          week:
            isNewWeek && updated.date ? await ensureWeeklySchedule(tx, companyId, updated.date) : undefined,
        };
      });
  // The technician's taps are facts of their timesheet, kept apart from the job (docs/timesheets.md).
  await recordJobTaps(member, before, row, input.startedAt);
  const job = await announce(member, "job.updated", row, week, {
    type: "updated",
    before,
    after: row,
    photos: change.photos,
  });
  await noticeJobChange({ type: "updated", before, after: row });
  await requestStreetLookup(
    { companyId, kind: "job", id: row.id },
    { ...row, address: row.location },
    before.location,
  );
  // A time named for today that has gone by stays; the answer says so (drop-time.ts).
  const past = await pastTimeOfChange(before, row, input.time).catch((error: unknown) => {
    logger.warn({ err: error, jobId: row.id }, "job answered without its past-time warning");
    return undefined;
  });
  return past ? { ...job, warnings: [...job.warnings, past] } : job;
}
