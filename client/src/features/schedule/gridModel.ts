/**
 * Where each job of a week goes on the board, the print and the export: the one place
 * of the rule "every job of the week shows exactly once" (docs/schedule.md).
 * Pure functions of the jobs, the roster and the working days, so the
 * Week View, By Employee, the Daily View, the print and the CSV cannot disagree, and a
 * property-based test (client/test/gridModel.test.ts) can check them all.
 */
import {
  addDays,
  type EmployeeDTO,
  isoWeekday,
  type JobDTO,
  weekDates,
  weekStartOf,
} from "@sched/shared-types";

/** The key of the row that collects jobs of anyone not on the board's roster. */
export const INACTIVE_ROW_KEY = "inactive";
const INACTIVE_ROW_LABEL = "Inactive";
/** A job whose employee is not even in the company's list (deleted, or a list not loaded yet). */
const UNKNOWN_EMPLOYEE_NAME = "Unknown employee";

const SUNDAY = 7;

/** The Week View's rows: the active employees by name. */
export function boardRoster(employees: readonly EmployeeDTO[]): EmployeeDTO[] {
  return employees.filter((employee) => employee.isActive).sort((a, b) => a.name.localeCompare(b.name));
}

/** A job that has a day: a scheduled one (unscheduled jobs have no date, time or employee). */
type DatedJob = JobDTO & { date: string };

/** A row of the board: a roster employee, or the Inactive row (employee null). */
export type GridRow = { key: string; employee: EmployeeDTO | null; label: string };

type GridModel = {
  /** The dates shown, yyyy-MM-dd, Monday first. */
  days: string[];
  /** The roster's rows in order, then the Inactive row when it has jobs in `days`. */
  rows: GridRow[];
  /** The jobs of one cell in time order ([] for an empty cell). */
  jobsIn: (rowKey: string, date: string) => JobDTO[];
  /** Every job placed, once each: the jobs of the week with a date in `days`. */
  placed: DatedJob[];
  /** Whose job it is, for the Inactive row (a name, or "Unknown employee"). */
  employeeName: (job: JobDTO) => string;
};

type GridInput = {
  /** Monday of the week, yyyy-MM-dd. */
  weekStart: string;
  jobs: readonly JobDTO[];
  /** The rows, in order: the board passes the active employees, History adds past workers. */
  rows: readonly EmployeeDTO[];
  /** Everyone the company has, for names in the Inactive row (defaults to `rows`). */
  everyone?: readonly EmployeeDTO[];
  /** ISO weekdays the company works (1 = Monday … 7 = Sunday): the grid shows their columns. */
  workingDays?: readonly number[];
  /** "grid": the working days and any day with work; "week": all 7 days (print, export, "Show all days"). */
  span?: "grid" | "week";
};

/**
 * The jobs dated inside the week, once each (the first copy of an id wins). A job with no
 * date is unscheduled: it belongs to no week.
 */
export function jobsOfWeek(jobs: readonly JobDTO[], weekStart: string): DatedJob[] {
  const sunday = addDays(weekStart, 6);
  const seen = new Set<string>();
  const result: DatedJob[] = [];
  for (const job of jobs) {
    if (!isDated(job) || job.date < weekStart || job.date > sunday || seen.has(job.id)) continue;
    seen.add(job.id);
    result.push(job);
  }
  return result;
}

const isDated = (job: JobDTO): job is DatedJob => typeof job.date === "string" && job.date !== "";

/** Monday to Saturday: the days of a company that never said otherwise. */
const USUAL_WORKING_DAYS = [1, 2, 3, 4, 5, 6];

/**
 * The Week View's days (docs/schedule.md): the company's working days and
 * any day with work booked on it, so no job is ever hidden; all seven with `showAll`.
 */
export function shownDates(
  weekStart: string,
  weekJobs: readonly JobDTO[],
  workingDays: readonly number[] = USUAL_WORKING_DAYS,
  showAll = false,
): string[] {
  const all = weekDates(weekStart);
  if (showAll) return all;
  const works = workingDays.length > 0 ? workingDays : USUAL_WORKING_DAYS;
  const booked = new Set(weekJobs.map((job) => job.date));
  return all.filter((date) => works.includes(isoWeekday(date)) || booked.has(date));
}

/**
 * The days Move to… offers for a job on `date` (or from the tray, the board's day): the
 * days of its week the board shows, and `date` itself even when it is not a working day.
 */
export function moveDates(date: string, workingDays: readonly number[]): string[] {
  const shown = shownDates(weekStartOf(date), [], workingDays);
  return weekDates(weekStartOf(date)).filter((day) => day === date || shown.includes(day));
}

const byTime = (a: JobDTO, b: JobDTO) => (a.time ?? "").localeCompare(b.time ?? "");
const cellKey = (rowKey: string, date: string) => `${rowKey}|${date}`;

/** Places every job of the week in exactly one cell: its employee's row, or the Inactive row. */
export function buildGridModel(input: GridInput): GridModel {
  const { weekStart, jobs, rows, everyone = rows, workingDays, span = "grid" } = input;
  const weekJobs = jobsOfWeek(jobs, weekStart);
  const days = shownDates(weekStart, weekJobs, workingDays, span === "week");
  const rowIds = new Set(rows.map((employee) => employee.id));
  const names = new Map(everyone.map((employee) => [employee.id, employee.name]));

  const cells = new Map<string, JobDTO[]>();
  let hasInactive = false;
  for (const job of weekJobs) {
    const { employeeId } = job;
    const rowKey = employeeId && rowIds.has(employeeId) ? employeeId : INACTIVE_ROW_KEY;
    if (rowKey === INACTIVE_ROW_KEY) hasInactive = true;
    const key = cellKey(rowKey, job.date);
    const cell = cells.get(key);
    if (cell) cell.push(job);
    else cells.set(key, [job]);
  }
  for (const cell of cells.values()) cell.sort(byTime);

  const gridRows: GridRow[] = rows.map((employee) => ({ key: employee.id, employee, label: employee.name }));
  if (hasInactive) gridRows.push({ key: INACTIVE_ROW_KEY, employee: null, label: INACTIVE_ROW_LABEL });

  return {
    days,
    rows: gridRows,
    jobsIn: (rowKey, date) => cells.get(cellKey(rowKey, date)) ?? [],
    placed: weekJobs,
    employeeName: (job) => (job.employeeId ? names.get(job.employeeId) : undefined) ?? UNKNOWN_EMPLOYEE_NAME,
  };
}

/** The rows of one day with their jobs (the Daily View): the Inactive row only when it has some. */
export function dayRows(model: GridModel, date: string): { row: GridRow; jobs: JobDTO[] }[] {
  return model.rows
    .map((row) => ({ row, jobs: model.jobsIn(row.key, date) }))
    .filter(({ row, jobs }) => row.employee !== null || jobs.length > 0);
}

/**
 * One row's week day by day (By Employee): Sunday only when the row has work on it or the
 * company works Sundays. Built on a model of the whole week (span "week").
 */
export function byRowWeek(
  model: GridModel,
  rowKey: string,
  workingDays: readonly number[] = [],
): { date: string; jobs: JobDTO[] }[] {
  return model.days
    .map((date) => ({ date, jobs: model.jobsIn(rowKey, date) }))
    .filter(
      ({ date, jobs }) => isoWeekday(date) !== SUNDAY || jobs.length > 0 || workingDays.includes(SUNDAY),
    );
}
