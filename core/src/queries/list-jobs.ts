/**
 * GET /api/jobs, the board's list and My Day's: the jobs a filter names, presented by
 * presentJob (core/src/presenters/jobs.ts) with their warnings. Nothing is kept between
 * requests. The route's ETag comes from jobListFingerprint, a read of what the answer is
 * made of that costs about a millisecond, so a board revalidating gets its 304 without the
 * list being built (docs/api.md).
 */
import type { JobDTO } from "@sched/shared-types";
import { and, asc, eq, getTableColumns, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import { db } from "../db/client";
import { customers, jobs } from "../db/schema";
import { presentJob } from "../presenters/jobs";
import { conflictStateFingerprintSql, loadConflictContext, withListWarnings } from "./job-warnings";

/**
 * Which jobs a list holds: a date window (both ends inclusive) and, for My Day, one
 * employee's; or, with `unscheduled`, the Unscheduled tray's jobs without a date
 * (docs/schedule.md). A window never holds an unscheduled job: it has no date.
 */
export type JobFilter = { startDate?: string; endDate?: string; employeeId?: string; unscheduled?: boolean };

function listed(companyId: string, filter: JobFilter): SQL | undefined {
  return and(
    eq(jobs.companyId, companyId),
    filter.startDate ? gte(jobs.date, filter.startDate) : undefined,
    filter.endDate ? lte(jobs.date, filter.endDate) : undefined,
    filter.employeeId ? eq(jobs.employeeId, filter.employeeId) : undefined,
    filter.unscheduled ? isNull(jobs.date) : undefined,
  );
}

/**
 * The job's columns and its customer's name in one flat row: drizzle maps it in about
 * two thirds of the time of a nested `{ job, customerName }`, which counts at 1,200 rows.
 */
const LISTED_COLUMNS = { ...getTableColumns(jobs), customerName: customers.name };

/** The company's jobs the filter names, by date, time and creation, with their warnings. */
export async function listJobs(companyId: string, filter: JobFilter): Promise<JobDTO[]> {
  const [rows, context] = await Promise.all([
    db
      .select(LISTED_COLUMNS)
      .from(jobs)
      .leftJoin(customers, eq(customers.id, jobs.customerId))
      .where(listed(companyId, filter))
      .orderBy(asc(jobs.date), asc(jobs.time), asc(jobs.createdAt)),
    loadConflictContext(companyId, { from: filter.startDate, to: filter.endDate }),
  ]);
  return withListWarnings(
    rows.map((row) => presentJob(row, row.customerName)),
    context,
  );
}

/**
 * What listJobs' answer is made of, as text, in one statement: the listed jobs (count, and
 * the sum of a 64-bit hash of each row's id seeded with its xmin, the transaction that wrote
 * that version of the row), their customers the same way (a rename shows on the cards), and
 * a hash of everything the warnings read (job-warnings.ts). Every insert, update or delete,
 * whoever makes it (a command, a template applied, a cascade from a deleted customer or
 * employee, a hand-written UPDATE), writes a new row version and so changes it; updated_at
 * and version would miss the cascades, which do not touch them. Read it before the list is
 * built: then an answer is never older than the fingerprint it is sent with.
 */
export async function jobListFingerprint(companyId: string, filter: JobFilter): Promise<string> {
  const rowHash = (table: SQL, id: SQL) => sql`uuid_hash_extended(${id}, ${table}.xmin::text::bigint)`;
  const [row] = await db
    .select({
      jobs: sql<string>`count(*)::text || '.' || coalesce(sum(${rowHash(sql`${jobs}`, sql`${jobs.id}`)}), 0)::text
        || '.' || coalesce(sum(${rowHash(sql`${customers}`, sql`${customers.id}`)}), 0)::text`,
      conflicts: conflictStateFingerprintSql(companyId, { from: filter.startDate, to: filter.endDate }),
    })
    .from(jobs)
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .where(listed(companyId, filter));
  return `${row?.jobs}.${row?.conflicts}`;
}
