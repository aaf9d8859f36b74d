/**
 * The exact JSON a job leaves the server as. Single jobs are presented from a row in
 * JavaScript; lists are built by PostgreSQL from the same columns (`jobJsonSql`), so a
 * week of jobs never goes through row parsing and JSON.stringify. A test checks that the
 * two agree field for field.
 */
import type { JobDTO, JobPhotoKind, JobStatus, JobType, PaymentStatus } from "@sched/shared-types";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { jobs } from "../db/schema";

type JobRow = typeof jobs.$inferSelect;

/** The photo's address; `v` changes whenever the job does, so browsers may cache a photo forever. */
export function photoUrl(jobId: string, kind: JobPhotoKind, updatedAt: Date): string {
  return `/api/jobs/${jobId}/photos/${kind}?v=${updatedAt.getTime()}`;
}

/** `customerName`: the linked customer's name, which the job row does not hold (withCustomerName). */
export function presentJob(row: JobRow, customerName: string | null = null): JobDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    employeeId: row.employeeId,
    type: row.type as JobType,
    location: row.location,
    description: row.description,
    date: row.date,
    time: row.time,
    durationMinutes: row.durationMinutes,
    status: row.status as JobStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    onMyWayAt: row.onMyWayAt ? row.onMyWayAt.toISOString() : null,
    amount: row.amount,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    customerId: row.customerId,
    customerName: row.customerId ? customerName : null,
    callRecordId: row.callRecordId,
    seriesId: row.seriesId,
    occurrenceDate: row.occurrenceDate,
    isDetached: row.isDetached,
    beforePhotoUrl: row.hasBeforePhoto ? photoUrl(row.id, "before", row.updatedAt) : null,
    afterPhotoUrl: row.hasAfterPhoto ? photoUrl(row.id, "after", row.updatedAt) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    // Filled in by queries/job-warnings.ts, which knows the company's settings and other jobs.
    warnings: [],
  };
}

/** Date.toISOString() in SQL: UTC, milliseconds truncated as a JS Date truncates them. */
const isoTimestamp = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const sqlPhotoUrl = (kind: JobPhotoKind, hasPhoto: AnyPgColumn) =>
  sql`case when ${hasPhoto} then '/api/jobs/' || ${jobs.id} || ${`/photos/${kind}?v=`} || floor(extract(epoch from ${jobs.updatedAt}) * 1000)::bigint end`;

/**
 * The linked customer's name. Written out in full: drizzle leaves a column unqualified in a
 * one-table select, which inside this subquery would name the customer's column, not the job's.
 */
const customerNameSql = sql`(select c.name from customers c where c.id = "jobs"."customer_id")`;

/** presentJob as a PostgreSQL json expression over the `jobs` table. */
export const jobJsonSql = sql`json_build_object(
  'id', ${jobs.id},
  'companyId', ${jobs.companyId},
  'employeeId', ${jobs.employeeId},
  'type', ${jobs.type},
  'location', ${jobs.location},
  'description', ${jobs.description},
  'date', ${jobs.date},
  'time', ${jobs.time},
  'durationMinutes', ${jobs.durationMinutes},
  'status', ${jobs.status},
  'paymentStatus', ${jobs.paymentStatus},
  'completedAt', ${isoTimestamp(jobs.completedAt)},
  'onMyWayAt', ${isoTimestamp(jobs.onMyWayAt)},
  'amount', ${jobs.amount}::text,
  'customerEmail', ${jobs.customerEmail},
  'customerPhone', ${jobs.customerPhone},
  'customerId', ${jobs.customerId},
  'customerName', ${customerNameSql},
  'callRecordId', ${jobs.callRecordId},
  'seriesId', ${jobs.seriesId},
  'occurrenceDate', ${jobs.occurrenceDate},
  'isDetached', ${jobs.isDetached},
  'beforePhotoUrl', ${sqlPhotoUrl("before", jobs.hasBeforePhoto)},
  'afterPhotoUrl', ${sqlPhotoUrl("after", jobs.hasAfterPhoto)},
  'createdAt', ${isoTimestamp(jobs.createdAt)},
  'updatedAt', ${isoTimestamp(jobs.updatedAt)},
  'version', ${jobs.version},
  'warnings', json_build_array()
)`;
