/**
 * The one statement that writes a change of a job's own row if the row is still the
 * version the caller read (docs/schedule.md, "Two saves at once"). It runs on every
 * change every open board waits for, so it is a prepared statement: building the update
 * and planning it each time cost more than the write itself. A statement is prepared per
 * shape of change (which columns it writes, and which of them become null or the
 * database's clock), a handful in practice; past MAX_SHAPES the rare others are built
 * each time.
 *
 * When the job has an employee and a day, the same statement returns what its warnings are
 * worked out against (the employee's jobs around the day and the company's hours): one
 * round trip and one snapshot instead of a write and two reads side by side, which on a
 * busy machine slowed each other down (docs/schedule.md, "Two saves at once").
 *
 * Its commit is asynchronous: visible at once, on disk a moment later. The caller publishes
 * the change and then waits for flushCommits() before anything else (docs/reliability.md,
 * "A job's change: seen first, on disk before its answer").
 */
import { and, eq, getTableColumns, is, type Placeholder, SQL, sql } from "drizzle-orm";
import { db } from "../db/client";
import { ASYNC_COMMIT_SQL } from "../db/flush";
import { jobs } from "../db/schema";
import {
  conflictStateSql,
  neighboursJsonSql,
  type WarningInputs,
  warningInputsOf,
  warningsRange,
} from "../queries/job-warnings";

type JobRow = typeof jobs.$inferSelect;
type JobColumns = Partial<Record<keyof JobRow, unknown>>;

/** The job's employee and day as they stay through the write: its warnings' inputs are read there. */
export type WarningsAt = { companyId: string; employeeId: string; date: string };

const MAX_SHAPES = 64;

const whereUnchanged = and(
  eq(jobs.id, sql.placeholder("casId")),
  eq(jobs.version, sql.placeholder("casVersion")),
);

type InputsParams = {
  companyId: string | Placeholder;
  employeeId: string | Placeholder;
  from: string | Placeholder;
  to: string | Placeholder;
};

/** The row as written; selecting `asyncCommit` makes the statement's commit asynchronous. */
const writtenRow = () => ({ ...getTableColumns(jobs), asyncCommit: sql.raw(ASYNC_COMMIT_SQL) });

const withInputs = (params: InputsParams) => ({
  ...writtenRow(),
  neighbours: neighboursJsonSql(params.companyId, params.employeeId, params.from, params.to),
  conflictState: conflictStateSql(params.companyId),
});

const placeholders: InputsParams = {
  companyId: sql.placeholder("inputsCompanyId"),
  employeeId: sql.placeholder("inputsEmployeeId"),
  from: sql.placeholder("inputsFrom"),
  to: sql.placeholder("inputsTo"),
};

function prepare(set: Record<string, unknown>, name: string, isWithInputs: boolean) {
  const update = db.update(jobs).set(set).where(whereUnchanged);
  return isWithInputs
    ? update.returning(withInputs(placeholders)).prepare(name)
    : update.returning(writtenRow()).prepare(name);
}

type Prepared = ReturnType<typeof prepare>;
const statements = new Map<string, Prepared>();

type Written = JobRow & { asyncCommit: string; neighbours?: string; conflictState?: string };

/** The written row, and the warnings' inputs when they were asked for. */
function split(written: Written | undefined, at: WarningsAt | undefined) {
  if (!written) return undefined;
  const { asyncCommit: _setting, neighbours, conflictState, ...row } = written;
  const inputs =
    at && neighbours !== undefined && conflictState !== undefined
      ? warningInputsOf(at.employeeId, at.date, neighbours, conflictState)
      : undefined;
  return { row: row as JobRow, inputs };
}

/**
 * Writes `columns` on job `id` if its version is still `version`; the row as written (with
 * the warnings' inputs at `at`, if given), or undefined when the job changed (or went) since.
 * Committed, not yet on disk: call flushCommits() before the change is answered.
 */
export async function writeJobIfVersion(
  id: string,
  version: number,
  columns: JobColumns,
  at?: WarningsAt,
): Promise<{ row: JobRow; inputs?: WarningInputs } | undefined> {
  const entries = Object.entries(columns).filter(([, value]) => value !== undefined);
  // A value goes in as a parameter; null and SQL (the database's clock) are part of the statement.
  const shape = entries
    .map(([key, value]) => (value === null ? `${key}=null` : is(value, SQL) ? `${key}=sql` : key))
    .sort()
    .join(",")
    .concat(at ? "+inputs" : "");
  let statement = statements.get(shape);
  if (!statement && statements.size < MAX_SHAPES) {
    const set = Object.fromEntries(
      entries.map(([key, value]) => [
        key,
        value === null ? sql`null` : is(value, SQL) ? value : sql.placeholder(key),
      ]),
    );
    statement = prepare(set, `job_cas_${statements.size}`, at !== undefined);
    statements.set(shape, statement);
  }
  const range = at
    ? { companyId: at.companyId, employeeId: at.employeeId, ...warningsRange(at.date) }
    : undefined;
  if (!statement) {
    const update = db
      .update(jobs)
      .set(columns as Partial<JobRow>)
      .where(and(eq(jobs.id, id), eq(jobs.version, version)));
    const [written] = range
      ? await update.returning(withInputs(range))
      : await update.returning(writtenRow());
    return split(written as Written | undefined, at);
  }
  const values = Object.fromEntries(entries.filter(([, value]) => value !== null && !is(value, SQL)));
  const inputsValues = range
    ? {
        inputsCompanyId: range.companyId,
        inputsEmployeeId: range.employeeId,
        inputsFrom: range.from,
        inputsTo: range.to,
      }
    : {};
  const [written] = await statement.execute({ ...values, ...inputsValues, casId: id, casVersion: version });
  return split(written as Written | undefined, at);
}
