/**
 * Conflict warnings on the board (docs/schedule.md). The API puts
 * `warnings` on every job; a job that arrives without them (an older answer, a row patched
 * in the cache) gets them from the same engine here, so the board never goes unmarked.
 */
import {
  type CompanySettingsDTO,
  type ConflictContext,
  type ConflictTimeOff,
  DEFAULT_JOB_DURATION_MINUTES,
  type EmployeeDTO,
  type JobDTO,
  type JobWarning,
  warningsForJobs,
} from "@sched/shared-types";

type MaybeWarned = JobDTO & { warnings?: JobWarning[] | null; durationMinutes?: number | null };

/** A job's warnings ([] for none). */
export function warningsOf(job: JobDTO): JobWarning[] {
  return (job as MaybeWarned).warnings ?? [];
}

export const hasConflicts = (job: JobDTO) => warningsOf(job).length > 0;

/** The job without its warnings: the board works them out again (withWarnings). */
export function withoutWarnings(job: JobDTO): JobDTO {
  const { warnings: _stale, ...rest } = job as MaybeWarned;
  return rest as JobDTO;
}

/** "1 conflict", "3 conflicts". */
export const conflictCount = (count: number) => `${count} conflict${count === 1 ? "" : "s"}`;

/**
 * What the engine needs to know of the company: its working days and hours, who is
 * inactive, each person's own weekly pattern, the time off on screen (docs/time-off.md),
 * and its drive settings for the travel warning (docs/places.md).
 */
export function conflictContextOf(
  settings: CompanySettingsDTO,
  employees: readonly EmployeeDTO[],
  timeOff: readonly ConflictTimeOff[] = [],
): ConflictContext {
  return {
    workingDays: settings.workingDays,
    workdayStart: settings.workdayStart,
    workdayEnd: settings.workdayEnd,
    // Absent from settings kept offline before drive time existed: the engine's defaults.
    drive: settings.drive,
    inactiveEmployeeIds: new Set(employees.filter((e) => !e.isActive).map((e) => e.id)),
    employeeNames: new Map(employees.map((e) => [e.id, e.name])),
    availability: new Map(employees.filter((e) => e.availability?.length).map((e) => [e.id, e.availability])),
    timeOff,
    // Without the roster (My Day), skills are not known: the server's warnings stand.
    employeeSkills: employees.length > 0 ? new Map(employees.map((e) => [e.id, e.skills ?? []])) : undefined,
  };
}

/** The jobs, each carrying its warnings: the API's when it sent them, else computed with the same engine. */
export function withWarnings(
  jobs: JobDTO[],
  settings: CompanySettingsDTO,
  employees: readonly EmployeeDTO[],
  timeOff: readonly ConflictTimeOff[] = [],
): JobDTO[] {
  const missing = (job: JobDTO) => !Array.isArray((job as MaybeWarned).warnings);
  if (!jobs.some(missing)) return jobs;
  const computed = warningsForJobs(
    jobs.map((job) => ({
      ...job,
      durationMinutes:
        (job as MaybeWarned).durationMinutes ??
        settings.jobTypeDurations?.[job.type] ??
        DEFAULT_JOB_DURATION_MINUTES,
    })),
    conflictContextOf(settings, employees, timeOff),
  );
  return jobs.map((job) =>
    missing(job) ? ({ ...job, warnings: computed.get(job.id) ?? [] } as JobDTO) : job,
  );
}
