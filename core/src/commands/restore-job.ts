/**
 * Delete's Undo (docs/schedule.md): a job deleted from the board goes to the bin
 * (deleted_job, with its photos) in the delete's transaction, and POST /api/jobs/:id/restore
 * puts it back under the same id, with its photos, for a day. The daily sweep empties the
 * bin of what is older.
 */
import type { JobDTO } from "@sched/shared-types";
import { and, eq, getTableColumns, gt, lt, sql } from "drizzle-orm";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db, type Executor } from "../db/client";
import {
  callRecords,
  customers,
  deletedJobPhotos,
  deletedJobs,
  jobPhotos,
  jobSeries,
  jobs,
} from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { assertAssignableEmployee } from "../policies/assignable-employee";
import type { CompanyAccess } from "../policies/company-access";
import { forgetVisits } from "../visits/forget-visits";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import { announce, JOB_NOT_FOUND } from "./save-job";

type JobRow = typeof jobs.$inferSelect;
type DeletedJobRow = typeof deletedJobs.$inferSelect;

/** How long a deleted job can be put back. */
export const DELETED_JOB_KEEP_MS = 24 * 60 * 60 * 1000;
export const OCCURRENCE_TAKEN =
  "This visit of the recurring job was made again since: the deleted one cannot come back";

const keptSince = (now: Date) => new Date(now.getTime() - DELETED_JOB_KEEP_MS);

/** Puts `row` (locked, about to be deleted) and its photos in the bin, in the delete's transaction. */
export async function binJob(tx: Executor, member: CompanyAccess, row: JobRow): Promise<void> {
  // A bin entry left from an earlier delete of the same id (deleted, restored, deleted again) gives way.
  await tx.delete(deletedJobs).where(eq(deletedJobs.id, row.id));
  await tx.insert(deletedJobs).values({
    id: row.id,
    companyId: row.companyId,
    job: row as unknown as Record<string, unknown>,
    deletedBy: member.userId,
  });
  // Copied inside the database: the bytes never come up to Node. Columns in the bin table's order.
  await tx.insert(deletedJobPhotos).select(
    tx
      .select({
        id: jobPhotos.id,
        deletedJobId: jobPhotos.jobId,
        companyId: jobPhotos.companyId,
        kind: jobPhotos.kind,
        mimeType: jobPhotos.mimeType,
        bytes: jobPhotos.bytes,
        size: jobPhotos.size,
        addedBy: jobPhotos.addedBy,
        createdAt: jobPhotos.createdAt,
      })
      .from(jobPhotos)
      .where(and(eq(jobPhotos.jobId, row.id), eq(jobPhotos.companyId, row.companyId))),
  );
}

/**
 * The job row as the bin kept it: JSON turned timestamps into strings, and only the columns
 * jobs has today are kept (one dropped since is left out; one added since takes its default).
 */
function jobRowOf(kept: Record<string, unknown>): JobRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(jobs))) {
    if (!(key in kept)) continue;
    const value = kept[key];
    row[key] = column.columnType === "PgTimestamp" && typeof value === "string" ? new Date(value) : value;
  }
  return row as JobRow;
}

/** `id` when a row with it is still the company's, else null (as the foreign key's "set null" would have left it). */
async function stillThere(
  tx: Executor,
  table: typeof jobSeries | typeof customers | typeof callRecords,
  id: string | null,
  companyId: string,
): Promise<string | null> {
  if (!id) return null;
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)));
  return found ? id : null;
}

/**
 * Puts a deleted job back as it was, same id, photos and all (201 with the job). Its employee
 * must still be active (400); a recurring job's visit made again since is 409; a bin entry
 * older than a day, or gone (put back already), is 404. The version goes above the one the
 * customer's cancellation carried, so a calendar takes the new confirmation.
 */
export async function restoreJob(member: CompanyAccess, binned: Pick<DeletedJobRow, "id">): Promise<JobDTO> {
  const { companyId } = member;
  const { row, week } = await db.transaction(async (tx) => {
    const [kept] = await tx
      .select()
      .from(deletedJobs)
      .where(
        and(
          eq(deletedJobs.id, binned.id),
          eq(deletedJobs.companyId, companyId),
          gt(deletedJobs.deletedAt, keptSince(new Date())),
        ),
      )
      .for("update");
    if (!kept) throw new NotFound(JOB_NOT_FOUND);
    const was = jobRowOf(kept.job);
    if (was.employeeId) await assertAssignableEmployee(tx, companyId, was.employeeId);
    const [inserted] = await tx
      .insert(jobs)
      .values({
        ...was,
        companyId,
        seriesId: await stillThere(tx, jobSeries, was.seriesId, companyId),
        customerId: await stillThere(tx, customers, was.customerId, companyId),
        callRecordId: await stillThere(tx, callRecords, was.callRecordId, companyId),
        version: was.version + 2,
        updatedBy: member.userId,
        updatedAt: sql`now()`,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new Conflict(OCCURRENCE_TAKEN);
    // Columns in job_photos' order.
    await tx.insert(jobPhotos).select(
      tx
        .select({
          id: deletedJobPhotos.id,
          companyId: deletedJobPhotos.companyId,
          jobId: deletedJobPhotos.deletedJobId,
          kind: deletedJobPhotos.kind,
          mimeType: deletedJobPhotos.mimeType,
          bytes: deletedJobPhotos.bytes,
          size: deletedJobPhotos.size,
          addedBy: deletedJobPhotos.addedBy,
          createdAt: deletedJobPhotos.createdAt,
        })
        .from(deletedJobPhotos)
        .where(eq(deletedJobPhotos.deletedJobId, kept.id)),
    );
    await tx.delete(deletedJobs).where(eq(deletedJobs.id, kept.id));
    const week = inserted.date ? await ensureWeeklySchedule(tx, companyId, inserted.date) : undefined;
    return { row: inserted, week };
  });
  const job = await announce(member, "job.created", row, week, { type: "created", job: row });
  // Its customer was told it was cancelled: they hear it is on again (docs/customers.md).
  await noticeJobChange({ type: "created", job: row });
  return job;
}

/** The daily sweep: bin entries older than a day go, their photos with them. Answers how many. */
export async function sweepDeletedJobs(now = new Date()): Promise<number> {
  const removed = await db
    .delete(deletedJobs)
    .where(lt(deletedJobs.deletedAt, keptSince(now)))
    .returning({ id: deletedJobs.id });
  // Gone for good: the job's visit links and the customer's notes go too (docs/visits.md).
  await forgetVisits(
    db,
    removed.map((row) => row.id),
  );
  return removed.length;
}
