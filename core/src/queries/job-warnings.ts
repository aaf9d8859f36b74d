/**
 * The conflict warnings a job answer carries (docs/schedule.md, "Job lengths and
 * warnings"). The engine itself is shared-types' warningsForJobs/warningsForJob; this
 * module reads what it depends on besides the jobs: the company's working days and hours
 * and its inactive employees.
 */
import {
  type ConflictContext,
  type ConflictJob,
  DEFAULT_COMPANY_SETTINGS,
  type JobDTO,
  warningsForJob,
  warningsForJobs,
} from "@sched/shared-types";
import { and, eq, gte, lte, type Placeholder, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companies, companySettings, employees, jobs } from "../db/schema";

/**
 * The settings and inactive employees as one JSON text, read in the statement that builds
 * a list so both come from one snapshot.
 */
export const conflictStateSql = (companyId: string | Placeholder) => sql<string>`json_build_object(
  'settings', (select json_build_object(
      'workingDays', ${companySettings.workingDays},
      'workdayStart', ${companySettings.workdayStart},
      'workdayEnd', ${companySettings.workdayEnd})
    from ${companySettings} where ${companySettings.companyId} = ${companyId}),
  'inactive', (select coalesce(json_agg(json_build_array(${employees.id}, ${employees.name})), '[]'::json)
    from ${employees} where ${employees.companyId} = ${companyId} and not ${employees.isActive})
)::text`;

/**
 * Changes whenever the conflict state may: any write to the settings row, and an employee
 * becoming inactive, active again, or renamed while inactive (the message names them).
 * Part of the jobs list's fingerprint (core/src/queries/list-jobs.ts).
 */
export const conflictFingerprintSql = (
  companyId: string,
) => sql<string>`coalesce((select ${companySettings}.xmin::text
    from ${companySettings} where ${companySettings.companyId} = ${companyId}), '-')
  || '.' || coalesce((select sum(uuid_hash_extended(${employees.id}, ${employees}.xmin::text::bigint))
    from ${employees} where ${employees.companyId} = ${companyId} and not ${employees.isActive}), 0)::text`;

type ConflictState = {
  settings: { workingDays: number[]; workdayStart: string; workdayEnd: string } | null;
  inactive: [string, string][];
};

/** The engine's context from conflictStateSql's text; a company that never saved settings reads the defaults. */
export function conflictContextOf(stateJson: string): ConflictContext {
  const state = JSON.parse(stateJson) as ConflictState;
  const settings = state.settings ?? DEFAULT_COMPANY_SETTINGS;
  return {
    workingDays: settings.workingDays,
    workdayStart: settings.workdayStart,
    workdayEnd: settings.workdayEnd,
    inactiveEmployeeIds: new Set(state.inactive.map(([id]) => id)),
    employeeNames: new Map(state.inactive),
  };
}

/** The conflict state of one company, prepared once: every job answer reads it. */
const conflictStateStatement = db
  .select({ state: conflictStateSql(sql.placeholder("companyId")) })
  .from(companies)
  .where(eq(companies.id, sql.placeholder("companyId")))
  .prepare("conflict_state");

export async function loadConflictContext(companyId: string): Promise<ConflictContext> {
  const [row] = await conflictStateStatement.execute({ companyId });
  return conflictContextOf(row?.state ?? '{"settings":null,"inactive":[]}');
}

/**
 * A list's JSON array of jobs with every job's warnings filled in: run once per build of
 * the list, never per request. An empty list is returned as it came.
 */
export function addWarningsToListJson(json: string, context: ConflictContext): string {
  const list = JSON.parse(json) as JobDTO[];
  if (list.length === 0) return json;
  const warnings = warningsForJobs(list, context);
  let warned = false;
  for (const job of list) {
    job.warnings = warnings.get(job.id) ?? [];
    if (job.warnings.length > 0) warned = true;
  }
  // Nothing to add: PostgreSQL's text already says `"warnings": []` for every job.
  return warned ? JSON.stringify(list) : json;
}

/** The day before and after a yyyy-MM-dd date: a job past midnight meets the next morning's. */
function dayAround(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** What a job's warnings are worked out against: the company's hours and the employee's jobs around the day. */
export type WarningInputs = {
  employeeId: string;
  date: string;
  context: ConflictContext;
  neighbours: ConflictJob[];
};

/** An employee's jobs from one day to another, prepared once: every job answer reads them. */
const neighboursStatement = db
  .select({
    id: jobs.id,
    employeeId: jobs.employeeId,
    date: jobs.date,
    time: jobs.time,
    durationMinutes: jobs.durationMinutes,
    type: jobs.type,
    location: jobs.location,
    status: jobs.status,
  })
  .from(jobs)
  .where(
    and(
      eq(jobs.companyId, sql.placeholder("companyId")),
      eq(jobs.employeeId, sql.placeholder("employeeId")),
      gte(jobs.date, sql.placeholder("from")),
      lte(jobs.date, sql.placeholder("to")),
    ),
  )
  .prepare("job_neighbours");

/** The days whose jobs a job on `date` may meet: the day before to the day after. */
export function warningsRange(date: string): { from: string; to: string } {
  return { from: dayAround(date, -1), to: dayAround(date, 1) };
}

/** Reads the warnings' inputs for a job of `employeeId` on `date`. */
export async function readWarningInputs(
  companyId: string,
  employeeId: string,
  date: string,
): Promise<WarningInputs> {
  const [context, neighbours] = await Promise.all([
    loadConflictContext(companyId),
    neighboursStatement.execute({ companyId, employeeId, ...warningsRange(date) }),
  ]);
  return { employeeId, date, context, neighbours };
}

type Param = string | Placeholder;

/**
 * The same neighbours as one JSON text, for a statement that reads them alongside its own
 * work (core/src/commands/job-compare-and-set.ts).
 */
export const neighboursJsonSql = (companyId: Param, employeeId: Param, from: Param, to: Param) =>
  sql<string>`(select coalesce(json_agg(json_build_object(
      'id', n.id, 'employeeId', n.employee_id, 'date', n.date, 'time', n.time,
      'durationMinutes', n.duration_minutes, 'type', n.type, 'location', n.location, 'status', n.status
    )), '[]'::json)::text
    from ${jobs} n
    where n.company_id = ${companyId} and n.employee_id = ${employeeId}
      and n.date >= ${from} and n.date <= ${to})`;

/** Warning inputs from neighboursJsonSql's and conflictStateSql's texts. */
export function warningInputsOf(
  employeeId: string,
  date: string,
  neighboursJson: string,
  conflictStateJson: string,
): WarningInputs {
  return {
    employeeId,
    date,
    context: conflictContextOf(conflictStateJson),
    neighbours: JSON.parse(neighboursJson) as ConflictJob[],
  };
}

/**
 * One job answer (POST, PUT) with its warnings, against the same employee's jobs around its
 * day. `read` are inputs the write itself returned (core/src/commands/job-compare-and-set.ts;
 * the warnings skip the job itself among its neighbours, so they do not depend on the
 * write); used only if they are for the job's employee and day as saved, else read here.
 */
export async function withWarnings(job: JobDTO, read?: WarningInputs): Promise<JobDTO> {
  if (!job.date || !job.employeeId) return job;
  const inputs =
    read?.employeeId === job.employeeId && read.date === job.date
      ? read
      : await readWarningInputs(job.companyId, job.employeeId, job.date);
  return { ...job, warnings: warningsForJob(job, inputs.neighbours, inputs.context) };
}
