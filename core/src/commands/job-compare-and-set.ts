/**
 * The one statement that writes a change of a job's own row if the row is still the
 * version the caller read (docs/schedule.md, "Two saves at once"). It runs on every
 * change every open board waits for, so it is a prepared statement: building the update
 * and planning it each time cost more than the write itself. A statement is prepared per
 * shape of change (which columns it writes, and which of them become null or the
 * database's clock), a handful in practice; past MAX_SHAPES the rare others are built
 * each time.
 */
import { and, eq, is, SQL, sql } from "drizzle-orm";
import { db } from "../db/client";
import { jobs } from "../db/schema";

type JobRow = typeof jobs.$inferSelect;
type JobColumns = Partial<Record<keyof JobRow, unknown>>;

const MAX_SHAPES = 64;

const whereUnchanged = and(
  eq(jobs.id, sql.placeholder("casId")),
  eq(jobs.version, sql.placeholder("casVersion")),
);

function prepare(set: Record<string, unknown>, name: string) {
  return db.update(jobs).set(set).where(whereUnchanged).returning().prepare(name);
}

const statements = new Map<string, ReturnType<typeof prepare>>();

/**
 * Writes `columns` on job `id` if its version is still `version`; the row as written, or
 * undefined when the job changed (or went) since.
 */
export async function writeJobIfVersion(
  id: string,
  version: number,
  columns: JobColumns,
): Promise<JobRow | undefined> {
  const entries = Object.entries(columns).filter(([, value]) => value !== undefined);
  // A value goes in as a parameter; null and SQL (the database's clock) are part of the statement.
  const shape = entries
    .map(([key, value]) => (value === null ? `${key}=null` : is(value, SQL) ? `${key}=sql` : key))
    .sort()
    .join(",");
  let statement = statements.get(shape);
  if (!statement && statements.size < MAX_SHAPES) {
    const set = Object.fromEntries(
      entries.map(([key, value]) => [
        key,
        value === null ? sql`null` : is(value, SQL) ? value : sql.placeholder(key),
      ]),
    );
    statement = prepare(set, `job_cas_${statements.size}`);
    statements.set(shape, statement);
  }
  if (!statement) {
    const [written] = await db
      .update(jobs)
      .set(columns as Partial<JobRow>)
      .where(and(eq(jobs.id, id), eq(jobs.version, version)))
      .returning();
    return written;
  }
  const values = Object.fromEntries(entries.filter(([, value]) => value !== null && !is(value, SQL)));
  const [written] = await statement.execute({ ...values, casId: id, casVersion: version });
  return written;
}
