/**
 * The conflict warnings a job answer carries (docs/schedule.md).
 * The engine itself is shared-types' warningsForJobs/warningsForJob; this
 * module reads what it depends on besides the jobs: the company's working days and hours
 * and its inactive employees.
 */
import {
  type AvailabilityWindow,
  addDays,
  type ConflictContext,
  type ConflictJob,
  type ConflictTimeOff,
  DEFAULT_COMPANY_SETTINGS,
  DEFAULT_DRIVE_MODEL,
  type DriveModel,
  type JobDTO,
  type LatLng,
  warningsForJob,
  warningsForJobs,
} from "@sched/shared-types";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companies, companySettings, employees, jobs } from "../db/schema";

/** The days a list covers, when it has bounds: only the time off touching them is read. */
export type ConflictWindow = { from?: string; to?: string };

/**
 * The settings, inactive employees, employees' own weekly patterns, the time off not
 * declined (docs/time-off.md) and employees' skills (docs/schedule.md) as one JSON text, read in one statement so all of it comes
 * from one snapshot. Ordered, so the same state is always the same text: its hash is part
 * of the jobs list's ETag (conflictStateFingerprintSql).
 */
const conflictStateSql = (companyId: string, window: ConflictWindow = {}) => sql<string>`json_build_object(
  'settings', (select json_build_object(
      'workingDays', ${companySettings.workingDays},
      'workdayStart', ${companySettings.workdayStart},
      'workdayEnd', ${companySettings.workdayEnd},
      'drive', ${companySettings.drive})
    from ${companySettings} where ${companySettings.companyId} = ${companyId}),
  'inactive', (select coalesce(json_agg(json_build_array(${employees.id}, ${employees.name}) order by ${employees.id}), '[]'::json)
    from ${employees} where ${employees.companyId} = ${companyId} and not ${employees.isActive}),
  'availability', (select coalesce(json_agg(json_build_array(${employees.id}, ${employees.name}, ${employees.availability}) order by ${employees.id}), '[]'::json)
    from ${employees} where ${employees.companyId} = ${companyId} and ${employees.availability} <> '[]'::jsonb),
  'timeOff', (select coalesce(json_agg(json_build_array(t.employee_id, t.start_date, t.end_date,
      t.start_time, t.end_time, t.status, e.name) order by t.id), '[]'::json)
    from time_off t join employees e on e.id = t.employee_id
    where t.company_id = ${companyId} and t.status <> 'declined'
      ${window.to ? sql`and t.start_date <= ${window.to}` : sql``}
      ${window.from ? sql`and t.end_date >= ${window.from}` : sql``}),
  'skills', (select coalesce(json_agg(json_build_array(e.id, e.name, e.skills) order by e.id), '[]'::json)
    from employees e where e.company_id = ${companyId} and exists (
      select 1 from ${companySettings} where ${companySettings.companyId} = ${companyId}
        and cardinality(${companySettings.skills}) > 0))
)::text`;

/**
 * An md5 of the very text the warnings are made from: whatever changes a list's warnings
 * (a setting, an employee deactivated or renamed, a weekly pattern, time off asked for or
 * decided) changes it, and a source added to the state later is covered without a word here.
 */
export const conflictStateFingerprintSql = (companyId: string, window: ConflictWindow = {}) =>
  sql<string>`md5(${conflictStateSql(companyId, window)})`;

type ConflictState = {
  settings: {
    workingDays: number[];
    workdayStart: string;
    workdayEnd: string;
    /** Null until the owner saves drive settings; absent from a state text made before them. */
    drive?: DriveModel | null;
  } | null;
  inactive: [string, string][];
  /** Absent from a state text made before time off existed. */
  availability?: [string, string, AvailabilityWindow[]][];
  timeOff?: [string, string, string, string | null, string | null, string, string][];
  /**
   * Every employee of a company that lists skills, with the name the skills warning says
   * ("Needs gas; Sam does not have it"): [id, name, skills]. A company has tens of them, so
   * reading them all costs less than asking which have jobs needing skills (a scan of their
   * history at 1M jobs); a company without skills has no job needing any. Absent from older
   * state texts.
   */
  skills?: [string, string, string[]][];
};

/** The engine's context from conflictStateSql's text; a company that never saved settings reads the defaults. */
function conflictContextOf(stateJson: string): ConflictContext {
  const state = JSON.parse(stateJson) as ConflictState;
  const settings = state.settings ?? DEFAULT_COMPANY_SETTINGS;
  const availability = state.availability ?? [];
  const offRows = state.timeOff ?? [];
  const skillRows = state.skills ?? [];
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
    drive: settings.drive ?? DEFAULT_DRIVE_MODEL,
    inactiveEmployeeIds: new Set(state.inactive.map(([id]) => id)),
    employeeNames: new Map([
      ...skillRows.map(([id, name]): [string, string] => [id, name]),
      ...availability.map(([id, name]): [string, string] => [id, name]),
      ...offRows.map((row): [string, string] => [row[0], row[6]]),
      ...state.inactive,
    ]),
    availability: new Map(availability.map(([id, , windows]) => [id, windows])),
    timeOff: timeOffList,
    employeeSkills: new Map(skillRows.map(([id, , skills]) => [id, skills])),
  };
}

/** The conflict state of one company: every job answer reads it. */
export async function loadConflictContext(
  companyId: string,
  window: ConflictWindow = {},
): Promise<ConflictContext> {
  const [row] = await db
    .select({ state: conflictStateSql(companyId, window) })
    .from(companies)
    .where(eq(companies.id, companyId));
  return conflictContextOf(row?.state ?? '{"settings":null,"inactive":[]}');
}

/** The list's jobs, each with its warnings against the others and the company's state. */
export function withListWarnings(list: JobDTO[], context: ConflictContext): JobDTO[] {
  if (list.length === 0) return list;
  const warnings = warningsForJobs(list, context);
  // The list is the caller's own, just presented: set in place rather than copy 1,200 jobs.
  for (const job of list) job.warnings = warnings.get(job.id) ?? [];
  return list;
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
  requiredSkills: jobs.requiredSkills,
  /** The point only (docs/places.md): the travel warning's drive time. */
  place: sql<LatLng | null>`case when ${jobs.placeLat} is null or ${jobs.placeLng} is null then null
    else json_build_object('lat', ${jobs.placeLat}, 'lng', ${jobs.placeLng}) end`,
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
        gte(jobs.date, addDays(date, -1)),
        lte(jobs.date, addDays(date, 1)),
      ),
    );
}

/** One job answer (POST, PUT) with its warnings, against the same employee's jobs around its day. */
export async function withWarnings(job: JobDTO): Promise<JobDTO> {
  if (!job.date || !job.employeeId) return job;
  const [context, neighbours] = await Promise.all([
    loadConflictContext(job.companyId, { from: addDays(job.date, -1), to: addDays(job.date, 1) }),
    loadNeighbours(job.companyId, job.employeeId, job.date),
  ]);
  return { ...job, warnings: warningsForJob(job, neighbours, context) };
}
