/**
 * The rules a job change passes on the row it changes (save-job.ts): the version, who may
 * change what (employees report progress, the office owns the plan), a whole slot, and the
 * columns the change writes.
 */
import {
  JOB_PROGRESS_FIELDS,
  JOB_SLOT_FIELDS,
  JOB_SLOT_REQUIRED,
  type JobSlotField,
  missingSlotFields,
  sameJobFieldValue,
  type TJobUpdate,
} from "@sched/shared-types";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { jobs } from "../db/schema";
import { BadRequest, Forbidden } from "../errors";
import { jobPlaceOnSave, type PlaceFields } from "../places/on-save";
import { authorize, type CompanyAccess, isAllowed } from "../policies/authorize";
import { assertBillingFieldsFree } from "../policies/invoiced-job";
import { assertProgressAllowed } from "../policies/job-progress";
import { presentJob } from "../presenters/jobs";
import type { decodePhotoChanges } from "./job-photos";
import { detachedAfter } from "./occurrence-detach";
import { assertCurrentVersion, nextVersion } from "./versions";

export type JobRow = typeof jobs.$inferSelect;

export const PROGRESS_ONLY = "Employees may only change a job's status, completion and photos";

/** Stored value and requested value mean the same thing (the schema already normalised the request). */
export const isSame = sameJobFieldValue;

/**
 * completedAt follows the status: a job saved as completed keeps its completion time or
 * gets "now"; one that is no longer completed has none (docs/schedule.md).
 */
export function completionTime(locked: JobRow, input: TJobUpdate, status: string): Date | null {
  if (status !== "completed") return null;
  if (input.completedAt) return new Date(input.completedAt);
  return locked.completedAt ?? new Date();
}

/**
 * When the technician set off: the time of the tap a phone kept offline, never later than
 * now (a phone's clock may run ahead), else the database's clock (docs/schedule.md).
 */
export function onMyWayTime(tappedAt: string | undefined) {
  if (tappedAt === undefined) return sql`now()`;
  return new Date(Math.min(Date.parse(tappedAt), Date.now()));
}

/** Employees report progress; the office owns the plan. Resending a value unchanged is not a change. */
export function assertMayChange(member: CompanyAccess, locked: JobRow, fields: Partial<JobRow>) {
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
export function assertWholeSlot(locked: JobRow, fields: Partial<Record<JobSlotField, string | null>>) {
  const after = Object.fromEntries(
    JOB_SLOT_FIELDS.map((field) => [field, field in fields ? fields[field] : locked[field]]),
  );
  const missing = missingSlotFields(after);
  if (missing.length === 0) return;
  const errors = missing.map((field) => ({ path: field, message: JOB_SLOT_REQUIRED[field] }));
  throw new BadRequest(errors[0].message, errors);
}

/** A change as asked for, split into what needs checking against other rows and the plain fields. */
export type JobChangeInput = {
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
    | "from"
  >;
  input: TJobUpdate;
  photos: ReturnType<typeof decodePhotoChanges>;
  seriesWide: boolean;
  /** The place columns a new location gives (docs/places.md), decided on the row at the write. */
  place?: Partial<PlaceFields>;
  /** On my way's arrival estimate (docs/visits.md), null when none could be made. */
  arrivalEstimateAt?: Date | null;
};

/** The rules a change must pass on the row it changes: the version, who may change what, a whole slot. */
export async function assertChangeAllowed(
  executor: Executor,
  member: CompanyAccess,
  current: JobRow,
  { fields, input }: JobChangeInput,
  expectedVersion: number | undefined,
) {
  await assertCurrentVersion(executor, current, expectedVersion, "job", () => presentJob(current));
  assertMayChange(member, current, fields);
  // An invoiced job's amount and payment status are its invoice's (docs/money.md).
  await assertBillingFieldsFree(executor, current, fields);
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
export function columnsOf(
  member: CompanyAccess,
  current: JobRow,
  { fields, input, seriesWide, place, arrivalEstimateAt }: JobChangeInput,
) {
  const status = fields.status ?? current.status;
  return {
    ...fields,
    completedAt: completionTime(current, input, status),
    // The arrival estimate lasts until the status moves on (started, done, cancelled: docs/visits.md).
    ...(status !== current.status ? { arrivalEstimateAt: null } : {}),
    // "On my way" is a timestamp for the office, never a status (docs/schedule.md).
    ...(input.onMyWay
      ? { onMyWayAt: onMyWayTime(input.onMyWayAt), arrivalEstimateAt: arrivalEstimateAt ?? null }
      : {}),
    // An occurrence changed on its own keeps that change through series edits (docs/schedule.md).
    isDetached: detachedAfter(current, fields, seriesWide),
    ...place,
    ...nextVersion(current, member.userId),
  };
}

/** A changed location's place; the job's customer may be the one the change links. */
export const placeOfChange = (
  executor: Executor,
  companyId: string,
  current: JobRow,
  { fields }: JobChangeInput,
) =>
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
export function isRowOnly(seen: JobRow, { fields, photos }: JobChangeInput): boolean {
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
