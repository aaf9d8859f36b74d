/**
 * The conflict engine (docs/schedule.md): one pure function
 * that the server puts in every job answer and the client runs live in the job dialog, so
 * both always say the same thing. Warnings inform; they never block a save.
 */
import { clockTime, epochDay, isoWeekday, minutesOfDay } from "./dates";
import { DEFAULT_DRIVE_MODEL, type DriveModel, estimateDriveMinutes } from "./drive-time";
import type { LatLng } from "./schemas/places";
import type { AvailabilityWindow } from "./schemas/time-off";
import { missingSkills, skillsWarningText } from "./skills";

/**
 * What a warning is about. `time_off`: the job overlaps the employee's approved time off
 * (docs/time-off.md); `time_off_pending`: time off asked for and not decided yet;
 * `past_time`: a time named for today that has already gone by, only in the answer to the
 * change that named it (free-slot.ts), never in lists, as it depends on the clock.
 * `skills`: the employee lacks a skill the job needs ("Needs gas; Sam does not have it").
 * `travel`: the drive from one job to the employee's next that day is longer than the time
 * between them (docs/places.md); `jobId` names the other job.
 */
export const CONFLICT_CODES = [
  "overlap",
  "inactive_employee",
  "outside_hours",
  "non_working_day",
  "time_off",
  "time_off_pending",
  "past_time",
  "travel",
  "skills",
] as const;
export type ConflictCode = (typeof CONFLICT_CODES)[number];

/** `jobId` names the other job of an overlap or a travel warning. */
export type JobWarning = { code: ConflictCode; message: string; jobId?: string };

/**
 * What the engine needs of a job. A job without a date is unscheduled and is never warned
 * about; a cancelled job is neither warned about nor overlaps anything. `type` and
 * `location` only make the overlap message name the other job.
 */
export type ConflictJob = {
  id: string;
  employeeId: string | null;
  date: string | null;
  time: string | null;
  durationMinutes: number;
  type?: string;
  location?: string;
  status?: string;
  /** Where the job is (docs/places.md); without one it has no travel warnings. */
  place?: LatLng | null;
  /** Company skills the job needs (docs/schedule.md, "Skills"): its employee lacking one is a `skills` warning. */
  requiredSkills?: readonly string[];
};

export type ConflictContext = {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  workingDays: number[];
  /** "HH:mm" */
  workdayStart: string;
  workdayEnd: string;
  inactiveEmployeeIds: ReadonlySet<string>;
  /** Names for the employee's messages; without one the message says "The employee". */
  employeeNames?: ReadonlyMap<string, string>;
  /** Employees' own weekly patterns (docs/time-off.md); one not here works the company's days and hours. */
  availability?: ReadonlyMap<string, readonly AvailabilityWindow[]>;
  /** Approved and pending time off (declined is ignored); the engine reads only what overlaps a job. */
  timeOff?: readonly ConflictTimeOff[];
  /**
   * The skills each employee holds; one not here holds none (docs/schedule.md, "Skills").
   * Left out, skills are not known and not warned about (a screen without the roster).
   */
  employeeSkills?: ReadonlyMap<string, readonly string[]>;
  /** The company's drive settings (settings `drive`); DEFAULT_DRIVE_MODEL without them. */
  drive?: DriveModel;
  /** Minutes of driving between two places; estimateDriveMinutes with `drive` unless given. */
  driveMinutes?: (from: LatLng, to: LatLng) => number;
};

/** What the engine needs of a time off: whose, when, and whether it is decided. */
export type ConflictTimeOff = {
  employeeId: string;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  status: string;
};

const MINUTES_PER_DAY = 24 * 60;
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** A scheduled job placed on one time line: minutes since 1970-01-01 00:00, so a job past midnight still meets the next morning's. */
type Placed = {
  job: ConflictJob;
  start: number;
  end: number;
  isoWeekday: number;
  startOfDay: number;
  /** The warning others get about this job, made once however many it overlaps. */
  asOverlap?: JobWarning;
};

/** "HH:mm" for minutes that may pass midnight. */
const clock = (minutes: number) =>
  clockTime(((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY);

function place(job: ConflictJob): Placed | undefined {
  if (!job.date || !job.time || job.status === "cancelled") return undefined;
  const day = epochDay(job.date);
  if (!Number.isFinite(day)) return undefined;
  const startOfDay = day * MINUTES_PER_DAY;
  const start = startOfDay + minutesOfDay(job.time);
  return { job, start, end: start + job.durationMinutes, isoWeekday: isoWeekday(job.date), startOfDay };
}

function overlapWarning(other: Placed): JobWarning {
  if (other.asOverlap) return other.asOverlap;
  const what = other.job.type
    ? `${other.job.type}${other.job.location ? ` at ${other.job.location}` : ""}`
    : "another job";
  other.asOverlap = {
    code: "overlap",
    message: `Overlaps ${clock(other.start)}–${clock(other.end)} ${what}`,
    jobId: other.job.id,
  };
  return other.asOverlap;
}

const nameOf = (context: ConflictContext, employeeId: string) =>
  context.employeeNames?.get(employeeId) ?? "The employee";

/** "08:00–12:00, 13:00–17:00" */
const windowsText = (windows: readonly AvailabilityWindow[]) =>
  windows.map((window) => `${window.start}–${window.end}`).join(", ");

/**
 * The employee's own pattern for the job's day: non_working_day when it has no window that
 * day, outside_hours when the job does not fit inside one of that day's windows.
 */
function patternWarnings(placed: Placed, pattern: readonly AvailabilityWindow[], name: string): JobWarning[] {
  // The pattern counts days as JavaScript does (0 = Sunday); the ISO weekday 7 is Sunday.
  const windows = pattern.filter((window) => window.day === placed.isoWeekday % 7);
  const day = WEEKDAY_NAMES[placed.isoWeekday - 1];
  if (windows.length === 0) {
    return [{ code: "non_working_day", message: `${name} does not work on ${day}s` }];
  }
  const fits = windows.some(
    (window) =>
      placed.start >= placed.startOfDay + minutesOfDay(window.start) &&
      placed.end <= placed.startOfDay + minutesOfDay(window.end),
  );
  return fits
    ? []
    : [{ code: "outside_hours", message: `Outside ${name}'s hours on ${day}s (${windowsText(windows)})` }];
}

/** The time off's span on the engine's time line: whole days from 00:00 to 24:00. */
function timeOffSpan(off: ConflictTimeOff): { start: number; end: number } {
  const start = epochDay(off.startDate) * MINUTES_PER_DAY + (off.startTime ? minutesOfDay(off.startTime) : 0);
  const end = off.endTime
    ? epochDay(off.endDate) * MINUTES_PER_DAY + minutesOfDay(off.endTime)
    : (epochDay(off.endDate) + 1) * MINUTES_PER_DAY;
  return { start, end };
}

/** time_off for approved time off the job overlaps, time_off_pending (softer) for a request not yet decided. */
function timeOffWarnings(
  placed: Placed,
  employeeId: string,
  context: ConflictContext,
  name: string,
): JobWarning[] {
  const warnings: JobWarning[] = [];
  let approved = false;
  let pending = false;
  for (const off of context.timeOff ?? []) {
    if (off.employeeId !== employeeId || (off.status !== "approved" && off.status !== "pending")) continue;
    const span = timeOffSpan(off);
    if (!(span.start < placed.end && placed.start < span.end)) continue;
    const when = off.startTime ? ` ${off.startTime}–${off.endTime}` : "";
    if (off.status === "approved" && !approved) {
      approved = true;
      warnings.push({ code: "time_off", message: `${name} is on time off${when}` });
    } else if (off.status === "pending" && !pending) {
      pending = true;
      warnings.push({
        code: "time_off_pending",
        message: `${name} has asked for time off${when} (not decided yet)`,
      });
    }
  }
  return warnings;
}

/** skills: "Needs gas; Sam does not have it" when the employee lacks a skill the job needs. */
function skillsWarnings(job: ConflictJob, employeeId: string, context: ConflictContext): JobWarning[] {
  const required = job.requiredSkills ?? [];
  if (required.length === 0 || !context.employeeSkills) return [];
  const missing = missingSkills(required, context.employeeSkills?.get(employeeId));
  if (missing.length === 0) return [];
  return [{ code: "skills", message: skillsWarningText(required, missing, nameOf(context, employeeId)) }];
}

/** The warnings a job has on its own: its employee, their time off, its day and its hours. */
function ownWarnings(placed: Placed, context: ConflictContext): JobWarning[] {
  const warnings: JobWarning[] = [];
  const employeeId = placed.job.employeeId;
  if (employeeId && context.inactiveEmployeeIds.has(employeeId)) {
    warnings.push({ code: "inactive_employee", message: `${nameOf(context, employeeId)} is inactive` });
  }
  if (employeeId) warnings.push(...skillsWarnings(placed.job, employeeId, context));
  if (employeeId) warnings.push(...timeOffWarnings(placed, employeeId, context, nameOf(context, employeeId)));
  const pattern = employeeId ? context.availability?.get(employeeId) : undefined;
  if (employeeId && pattern && pattern.length > 0) {
    warnings.push(...patternWarnings(placed, pattern, nameOf(context, employeeId)));
    return warnings;
  }
  if (!context.workingDays.includes(placed.isoWeekday)) {
    const day = WEEKDAY_NAMES[placed.isoWeekday - 1];
    warnings.push({ code: "non_working_day", message: `${day} is not a working day` });
  }
  const dayStart = placed.startOfDay + minutesOfDay(context.workdayStart);
  const dayEnd = placed.startOfDay + minutesOfDay(context.workdayEnd);
  const early = placed.start < dayStart;
  const late = placed.end > dayEnd;
  if (early && late) {
    warnings.push({
      code: "outside_hours",
      message: `Runs outside the workday (${context.workdayStart}–${context.workdayEnd})`,
    });
  } else if (early) {
    warnings.push({ code: "outside_hours", message: `Starts before the workday (${context.workdayStart})` });
  } else if (late) {
    warnings.push({ code: "outside_hours", message: `Ends after the workday (${context.workdayEnd})` });
  }
  return warnings;
}

/** Minutes of driving between two places as the context counts them. */
function driveBetween(context: ConflictContext, from: LatLng, to: LatLng): number {
  return context.driveMinutes
    ? context.driveMinutes(from, to)
    : estimateDriveMinutes(from, to, context.drive ?? DEFAULT_DRIVE_MODEL);
}

/** Sorted as the employee's line is: by start, then by end. */
const byStart = (a: Placed, b: Placed) => a.start - b.start || a.end - b.end;

/**
 * travel for two consecutive jobs of one employee on one day (docs/places.md): when both
 * have a place, they do not overlap (that is `overlap`) and the time from the end of one to
 * the start of the next is shorter than the drive between them. The earlier job gets the
 * first warning ("… drive to"), the later the second ("… drive from").
 */
function travelWarnings(
  earlier: Placed | undefined,
  later: Placed | undefined,
  context: ConflictContext,
): [JobWarning, JobWarning] | undefined {
  if (!earlier || !later || earlier.startOfDay !== later.startOfDay) return undefined;
  const from = earlier.job.place;
  const to = later.job.place;
  if (!from || !to) return undefined;
  const gap = later.start - earlier.end;
  if (gap < 0) return undefined;
  const drive = driveBetween(context, from, to);
  if (!(drive > gap)) return undefined;
  const between = gap === 0 ? "no time between the jobs" : `${gap} min between the jobs`;
  const where = (placed: Placed, fallback: string) => placed.job.location?.trim() || fallback;
  return [
    {
      code: "travel",
      message: `${drive} min drive to ${where(later, "the next job")}, ${between}`,
      jobId: later.job.id,
    },
    {
      code: "travel",
      message: `${drive} min drive from ${where(earlier, "the previous job")}, ${between}`,
      jobId: earlier.job.id,
    },
  ];
}

/** The employee's jobs just before and just after `placed` on its day, in the line's order. */
function dayNeighbours(placed: Placed, others: readonly ConflictJob[]): { before?: Placed; after?: Placed } {
  let before: Placed | undefined;
  let after: Placed | undefined;
  for (const other of others) {
    if (other.id === placed.job.id || other.employeeId !== placed.job.employeeId) continue;
    const candidate = place(other);
    if (!candidate || candidate.startOfDay !== placed.startOfDay) continue;
    if (byStart(candidate, placed) < 0) {
      if (!before || byStart(candidate, before) > 0) before = candidate;
    } else if (!after || byStart(candidate, after) < 0) after = candidate;
  }
  return { before, after };
}

/**
 * Whether the drive to or from the job cannot be known: it has a job before or after it
 * that day, and it or that job has no place. Not a warning (most jobs have no place until
 * their address is found, and a mark on every card would say nothing): the job dialog
 * shows it as a note, "No place: drive time unknown" (docs/places.md).
 */
export function isDriveUnknown(job: ConflictJob, others: readonly ConflictJob[]): boolean {
  const placed = place(job);
  if (!placed || !job.employeeId) return false;
  const { before, after } = dayNeighbours(placed, others);
  if (!before && !after) return false;
  if (!job.place) return true;
  return Boolean((before && !before.job.place) || (after && !after.job.place));
}

/**
 * Every job's warnings, keyed by job id (a job with none maps to []). Overlaps are found
 * per employee by one sweep over the jobs sorted by start: O(n log n) plus the overlaps
 * themselves, never every pair of the week.
 */
export function warningsForJobs(jobs: ConflictJob[], context: ConflictContext): Map<string, JobWarning[]> {
  const result = new Map<string, JobWarning[]>();
  const byEmployee = new Map<string, Placed[]>();
  for (const job of jobs) {
    const placed = place(job);
    result.set(job.id, placed ? ownWarnings(placed, context) : []);
    if (!placed || !job.employeeId) continue;
    const line = byEmployee.get(job.employeeId);
    if (line) line.push(placed);
    else byEmployee.set(job.employeeId, [placed]);
  }
  for (const line of byEmployee.values()) {
    line.sort(byStart);
    // Jobs still running at the current start; all of them overlap it.
    let running: Placed[] = [];
    for (const current of line) {
      running = running.filter((other) => other.end > current.start);
      for (const other of running) {
        result.get(current.job.id)?.push(overlapWarning(other));
        result.get(other.job.id)?.push(overlapWarning(current));
      }
      running.push(current);
    }
    for (let index = 1; index < line.length; index++) {
      const travel = travelWarnings(line[index - 1], line[index], context);
      if (!travel) continue;
      result.get(line[index - 1].job.id)?.push(travel[0]);
      result.get(line[index].job.id)?.push(travel[1]);
    }
  }
  return result;
}

/**
 * One job's warnings against the others (the dialog, while the user edits). `others` may
 * contain the job itself under its own id: that copy is the stored one and is ignored.
 */
export function warningsForJob(
  job: ConflictJob,
  others: ConflictJob[],
  context: ConflictContext,
): JobWarning[] {
  const placed = place(job);
  if (!placed) return [];
  const warnings = ownWarnings(placed, context);
  if (!job.employeeId) return warnings;
  const overlapping: Placed[] = [];
  for (const other of others) {
    if (other.id === job.id || other.employeeId !== job.employeeId) continue;
    const candidate = place(other);
    if (candidate && candidate.start < placed.end && placed.start < candidate.end)
      overlapping.push(candidate);
  }
  overlapping.sort(byStart);
  const { before, after } = dayNeighbours(placed, others);
  const travel = [travelWarnings(before, placed, context)?.[1], travelWarnings(placed, after, context)?.[0]];
  return [
    ...warnings,
    ...overlapping.map(overlapWarning),
    ...travel.filter((warning): warning is JobWarning => warning !== undefined),
  ];
}
