/**
 * The one statement that writes a change of a job's own row if the row is still the
 * version the caller read (docs/schedule.md): a compare-and-set on
 * the version, which every writer of a job grows. An ordinary statement with its own
 * ordinary commit: once it returns, the change is on disk.
 */
import { and, eq } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { db } from "../db/client";
import { jobs } from "../db/schema";

type JobRow = typeof jobs.$inferSelect;

/**
 * Writes `columns` on job `id` if its version is still `version`: the row as written, or
 * undefined when the job changed (or went) since.
 */
export async function writeJobIfVersion(
  id: string,
  version: number,
  columns: PgUpdateSetSource<typeof jobs>,
): Promise<JobRow | undefined> {
  const [written] = await db
    .update(jobs)
    .set(columns)
    .where(and(eq(jobs.id, id), eq(jobs.version, version)))
    .returning();
  return written;
}
