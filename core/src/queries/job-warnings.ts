/**
 * The conflict warnings a job answer carries (docs/schedule.md).
 * The engine itself is shared-types' warningsForJobs/warningsForJob; this
 * module reads what it depends on besides the jobs: the company's working days and hours
 * and its inactive employees.
 */
import {
  type AvailabilityWindow,
  type ConflictContext,
  type ConflictJob,
  type ConflictTimeOff,
  DEFAULT_COMPANY_SETTINGS,
  type JobDTO,
  warningsForJob,
  warningsForJobs,
} from "@sched/shared-types";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companies, companySettings, employees, jobs, timeOff } from "../db/schema";

/** The days a list covers, when it has bounds: only the time off touching them is read. */
export type ConflictWindow = { from?: string; to?: string };

/**
 * The settings, inactive employees, employees' own weekly patterns and the time off not
 * declined (docs/time-off.md) as one JSON text, read in the statement that builds a list so
 * all of it comes from one snapshot.
 */
export const conflictStateSql = (
  companyId: string,
  window: ConflictWindow = {},
) => sql<string>`json_build_object(
  'settings', (select json_build_object(
      'workingDays', ${companySettings.workingDays},
      'workdayStart', ${companySettings.workdayStart},
      'workdayEnd', ${companySettings.workdayEnd})
    from ${companySettings} where ${companySettings.companyId} = ${companyId}),
  'inactive', (select coalesce(json_agg(json_build_array(${employees.id}, ${employees.name})), '[]'::json)
    from ${employees} where ${employees.companyId} = ${companyId} and not ${employees.isActive}),
  'availability', (select coalesce(json_agg(json_build_array(${employees.id}, ${employees.name}, ${employees.availability})), '[]'::json)
    from ${employees} where ${employees.companyId} = ${companyId} and ${employees.availability} <> '[]'::jsonb),
  'timeOff', (select coalesce(json_agg(json_build_array(t.employee_id, t.start_date, t.end_date,
      t.start_time, t.end_time, t.status, e.name)), '[]'::json)
    from time_off t join employees e on e.id = t.employee_id
    where t.company_id = ${companyId} and t.status <> 'declined'
      ${window.to ? sql`and t.start_date <= ${window.to}` : sql``}
      ${window.from ? sql`and t.end_date >= ${window.from}` : sql``})
)::text`;

/**
 * Changes whenever the conflict state may: any write to the settings row, an employee
 * becoming inactive, active again, or renamed while inactive (the message names them), any
 * change of a weekly pattern, and any time off made, decided or removed.
 * Part of the jobs list's fingerprint (core/src/queries/list-jobs.ts).
 */
export const conflictFingerprintSql = (
  companyId: string,
) => sql<string>`coalesce((select ${companySettings}.xmin::text
    from ${companySettings} where ${companySettings.companyId} = ${companyId}), '-')
  || '.' || coalesce((select sum(uuid_hash_extended(${employees.id}, ${employees}.xmin::text::bigint))
    from ${employees} where ${employees.companyId} = ${companyId} and not ${employees.isActive}), 0)::text
  || '.' || coalesce((select sum(uuid_hash_extended(${employees.id}, ${employees}.xmin::text::bigint))
    from ${employees} where ${employees.companyId} = ${companyId} and ${employees.availability} <> '[]'::jsonb), 0)::text
  || '.' || coalesce((select count(*) || ':' || sum(uuid_hash_extended(${timeOff.id}, ${timeOff}.xmin::text::bigint))
    from ${timeOff} where ${timeOff.companyId} = ${companyId}), '0')`;

type ConflictState = {
  settings: { workingDays: number[]; workdayStart: string; workdayEnd: string } | null;
  inactive: [string, string][];
  /** Absent from a state text made before time off existed. */
  availability?: [string, string, AvailabilityWindow[]][];
  timeOff?: [string, string, string, string | null, string | null, string, string][];
};

/** The engine's context from conflictStateSql's text; a company that never saved settings reads the defaults. */
export function conflictContextOf(stateJson: string): ConflictContext {
  const state = JSON.parse(stateJson) as ConflictState;
  const settings = state.settings ?? DEFAULT_COMPANY_SETTINGS;
  const availability = state.availability ?? [];
  const offRows = state.timeOff ?? [];
  const timeOffList: ConflictTimeOff[] = offRows.map(
    ([employeeId, startDate, endDate, startTime, endTime, status]) => ({
      employeeId,
      startDate,
      endDate,
      startTime,
      endTime,
      status,
    }),
  );
  return {
    workingDays: settings.workingDays,
    workdayStart: settings.workdayStart,
    workdayEnd: settings.workdayEnd,
    inactiveEmployeeIds: new Set(state.inactive.map(([id]) => id)),
    employeeNames: new Map([
      ...availability.map(([id, name]): [string, string] => [id, name]),
      ...offRows.map((row): [string, string] => [row[0], row[6]]),
      ...state.inactive,
    ]),
    availability: new Map(availability.map(([id, , windows]) => [id, windows])),
    timeOff: timeOffList,
  };
}

/** The conflict state of one company: every job answer reads it. */
async function loadConflictContext(companyId: string, window: ConflictWindow = {}): Promise<ConflictContext> {
  const [row] = await db
    .select({ state: conflictStateSql(companyId, window) })
    .from(companies)
    .where(eq(companies.id, companyId));
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

/** The yyyy-MM-dd date `days` days from `date`. */
function dayAround(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** What the conflict engine reads of a job. */
export const CONFLICT_JOB_COLUMNS = {
  id: jobs.id,
  employeeId: jobs.employeeId,
  date: jobs.date,
  time: jobs.time,
  durationMinutes: jobs.durationMinutes,
  type: jobs.type,
  location: jobs.location,
  status: jobs.status,
};

/** An employee's jobs from the day before `date` to the day after: a job past midnight meets the next morning's. */
function loadNeighbours(companyId: string, employeeId: string, date: string): Promise<ConflictJob[]> {
  return db
    .select(CONFLICT_JOB_COLUMNS)
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        eq(jobs.employeeId, employeeId),
        gte(jobs.date, dayAround(date, -1)),
        lte(jobs.date, dayAround(date, 1)),
      ),
    );
}

/** One job answer (POST, PUT) with its warnings, against the same employee's jobs around its day. */
export async function withWarnings(job: JobDTO): Promise<JobDTO> {
  if (!job.date || !job.employeeId) return job;
  const [context, neighbours] = await Promise.all([
    loadConflictContext(job.companyId, { from: dayAround(job.date, -1), to: dayAround(job.date, 1) }),
    loadNeighbours(job.companyId, job.employeeId, job.date),
  ]);
  return { ...job, warnings: warningsForJob(job, neighbours, context) };
}
