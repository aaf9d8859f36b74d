/**
 * Creating and changing jobs (docs/schedule.md): the references must be the company's own,
 * completedAt follows the status, employees may only report progress (status, completion,
 * photos, On my way), and every change is announced after it commits (job event, new
 * history week, the bell).
 */
import {
  JOB_PROGRESS_FIELDS,
  JOB_SLOT_FIELDS,
  JOB_SLOT_REQUIRED,
  type JobDTO,
  type JobSlotField,
  missingSlotFields,
  sameJobFieldValue,
  type TJobCreate,
  type TJobUpdate,
  type WeeklyScheduleDTO,
} from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db, type Executor } from "../db/client";
import { callRecords, customers, jobs } from "../db/schema";
import { BadRequest, Forbidden, NotFound } from "../errors";
import { logger } from "../logger";
import { notifyJobChange } from "../notifications/notify";
import type { JobChange } from "../notifications/recipients";
import { jobPlaceOnSave, type PlaceFields } from "../places/on-save";
import { requestStreetLookup } from "../places/street-lookup";
import { assertAssignableEmployee } from "../policies/assignable-employee";
import { authorize, type CompanyAccess, isAllowed } from "../policies/authorize";
import { assertProgressAllowed } from "../policies/job-progress";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { defaultJobSkills, knownSkills } from "../queries/company-skills";
import { defaultJobDuration } from "../queries/job-durations";
import { withWarnings } from "../queries/job-warnings";
import { announceCreatedCustomer, assertCustomerOfCompany, customerOfCall } from "./customer-links";
import { pastTimeOfChange, timeOfMoveOntoToday } from "./drop-time";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import { writeJobIfVersion } from "./job-compare-and-set";
import { decodePhotoChanges, writePhotoChanges } from "./job-photos";
import { detachedAfter } from "./occurrence-detach";
import { recordJobTaps } from "./record-job-taps";
import { assertCurrentVersion, nextVersion } from "./versions";

type JobRow = typeof jobs.$inferSelect;

export const JOB_NOT_FOUND = "Job not found";
/** Kept here too: routes, tests and other commands import them from save-job. */
export { EMPLOYEE_INACTIVE, EMPLOYEE_NOT_IN_COMPANY } from "../policies/assignable-employee";
export const CALL_RECORD_NOT_IN_COMPANY = "Call record is not part of this company";
export const PROGRESS_ONLY = "Employees may only change a job's status, completion and photos";

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

/** Stored value and requested value mean the same thing (the schema already normalised the request). */
const isSame = sameJobFieldValue;

/**
 * completedAt follows the status: a job saved as completed keeps its completion time or
 * gets "now"; one that is no longer completed has none (docs/schedule.md).
 */
function completionTime(locked: JobRow, input: TJobUpdate, status: string): Date | null {
  if (status !== "completed") return null;
  if (input.completedAt) return new Date(input.completedAt);
  return locked.completedAt ?? new Date();
}

/**
 * When the technician set off: the time of the tap a phone kept offline, never later than
 * now (a phone's clock may run ahead), else the database's clock (docs/schedule.md).
 */
function onMyWayTime(tappedAt: string | undefined) {
  if (tappedAt === undefined) return sql`now()`;
  return new Date(Math.min(Date.parse(tappedAt), Date.now()));
}

/** Employees report progress; the office owns the plan. Resending a value unchanged is not a change. */
function assertMayChange(member: CompanyAccess, locked: JobRow, fields: Partial<JobRow>) {
  // Every member may report progress (after a trial has run out unpaid, only the employee
  // role still may: the role table decides); only the roles that manage jobs change the plan.
  if (isAllowed(member, "manageJobs")) return;
  authorize(member, "progressJobs");
  const changesPlan = Object.entries(fields).some(
    ([key, value]) =>
      !(JOB_PROGRESS_FIELDS as readonly string[]).includes(key) &&
      !isSame(locked[key as keyof JobRow], value),
  );
  if (changesPlan) throw new Forbidden(PROGRESS_ONLY);
}

/**
 * After the change the job has employee, date and time, or none of them (unscheduled,
 * docs/schedule.md): a change leaving only some names the missing ones ("Date is required").
 */
function assertWholeSlot(locked: JobRow, fields: Partial<Record<JobSlotField, string | null>>) {
  const after = Object.fromEntries(
    JOB_SLOT_FIELDS.map((field) => [field, field in fields ? fields[field] : locked[field]]),
  );
  const missing = missingSlotFields(after);
  if (missing.length === 0) return;
  const errors = missing.map((field) => ({ path: field, message: JOB_SLOT_REQUIRED[field] }));
  throw new BadRequest(errors[0].message, errors);
}

/** A change as asked for, split into what needs checking against other rows and the plain fields. */
type JobChangeInput = {
  fields: Omit<
    TJobUpdate,
    | "companyId"
    | "version"
    | "beforePhoto"
    | "afterPhoto"
    | "completedAt"
    | "onMyWay"
    | "onMyWayAt"
    | "startedAt"
  >;
  input: TJobUpdate;
  photos: ReturnType<typeof decodePhotoChanges>;
  seriesWide: boolean;
  /** The place columns a new location gives (docs/places.md), decided on the row at the write. */
  place?: Partial<PlaceFields>;
};

/** The rules a change must pass on the row it changes: the version, who may change what, a whole slot. */
async function assertChangeAllowed(
  executor: Executor,
  member: CompanyAccess,
  current: JobRow,
  { fields, input }: JobChangeInput,
  expectedVersion: number | undefined,
) {
  await assertCurrentVersion(executor, current, expectedVersion, "job", () => presentJob(current));
  assertMayChange(member, current, fields);
  // Whose jobs a technician may progress, and when reported times may lie (policies/job-progress.ts).
  await assertProgressAllowed(
    executor,
    member,
    current,
    input,
    fields.date === undefined ? current.date : fields.date,
  );
  assertWholeSlot(current, fields);
}

/** The columns a change writes, decided on the row as it is at the write. */
function columnsOf(
  member: CompanyAccess,
  current: JobRow,
  { fields, input, seriesWide, place }: JobChangeInput,
) {
  return {
    ...fields,
    completedAt: completionTime(current, input, fields.status ?? current.status),
    // "On my way" is a timestamp for the office, never a status (docs/schedule.md).
    ...(input.onMyWay ? { onMyWayAt: onMyWayTime(input.onMyWayAt) } : {}),
    // An occurrence changed on its own keeps that change through series edits (docs/schedule.md).
    isDetached: detachedAfter(current, fields, seriesWide),
    ...place,
    ...nextVersion(current, member.userId),
  };
}

/** A changed location's place; the job's customer may be the one the change links. */
const placeOfChange = (executor: Executor, companyId: string, current: JobRow, { fields }: JobChangeInput) =>
  jobPlaceOnSave(
    executor,
    companyId,
    current,
    fields.location,
    fields.customerId === undefined ? current.customerId : fields.customerId,
  );

/**
 * Whether a change touches only the job's own row: no other row to check (a new employee,
 * call or customer), no photo to store, no history week to open (the date stays).
 */
function isRowOnly(seen: JobRow, { fields, photos }: JobChangeInput): boolean {
  const changes = (field: "employeeId" | "callRecordId" | "customerId" | "date") =>
    Boolean(fields[field]) && fields[field] !== seen[field];
  return (
    photos.before === undefined &&
    photos.after === undefined &&
    !changes("employeeId") &&
    !changes("callRecordId") &&
    !changes("customerId") &&
    (!("date" in fields) || isSame(seen.date, fields.date))
  );
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
