/**
 * The Daily View's timeline as numbers (docs/schedule.md): which
 * rows it has, which hours it spans, where each job's block sits (its left edge is its
 * start, its width its length), which lane it takes when jobs of one technician overlap,
 * and where a drag or a key press puts it. Pure functions, so the drawing, the drag and
 * the keyboard agree, and client/test/timelineModel.test.ts checks them without a browser.
 */
import {
  clockTime,
  type DriveModel,
  type EmployeeDTO,
  estimateDriveMinutes,
  type JobDTO,
  minutesOfDay,
} from "@sched/shared-types";

/** Every move snaps to a quarter hour, the step of a job's length. */
export const SNAP_MINUTES = 15;
/** A job's length: 15 minutes to 12 hours (the API's rule). */
export const MIN_DURATION = 15;
export const MAX_DURATION = 12 * 60;
const MINUTES_PER_DAY = 24 * 60;
/** The last start a block may take on its day. */
const LATEST_START = MINUTES_PER_DAY - SNAP_MINUTES;
/** The row of a job whose employee is not in the company's list at all. */
export const UNKNOWN_ROW_KEY = "unknown";
const UNKNOWN_EMPLOYEE_NAME = "Unknown employee";

/** Minutes since midnight for "HH:mm". */
export const minutesOf = minutesOfDay;

/** "HH:mm" for minutes since midnight (within the day). */
export const clockOf = (minutes: number) =>
  clockTime(((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY);

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The nearest quarter hour. */
export const snap = (minutes: number) => Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES;

/** The hours the timeline spans, in minutes since midnight, on whole hours. */
export type HourRange = { start: number; end: number };

/**
 * The company's workday, widened to whole hours and to every job of the day, so a job at
 * 6:00 or one running until 21:00 is never cut off. A job past midnight is drawn to
 * midnight (its day ends there).
 */
export function hourRange(
  jobs: readonly Pick<JobDTO, "time" | "durationMinutes">[],
  workdayStart: string,
  workdayEnd: string,
): HourRange {
  let start = minutesOf(workdayStart);
  let end = Math.max(minutesOf(workdayEnd), start + 60);
  for (const job of jobs) {
    if (!job.time) continue;
    const jobStart = minutesOf(job.time);
    start = Math.min(start, jobStart);
    end = Math.max(end, Math.min(MINUTES_PER_DAY, jobStart + job.durationMinutes));
  }
  return { start: Math.floor(start / 60) * 60, end: Math.min(MINUTES_PER_DAY, Math.ceil(end / 60) * 60) };
}

/** The whole hours of the range, for the labels across the top. */
export function hoursOf(range: HourRange): number[] {
  const hours: number[] = [];
  for (let minute = range.start; minute < range.end; minute += 60) hours.push(minute);
  return hours;
}

/** A span of the track in percent of its width: `left` is where it starts, `width` how long it is. */
export type Box = { left: number; width: number };

/** Where a span of `minutes` from `start` is drawn on the track (cut at the range's ends). */
export function boxOf(start: number, minutes: number, range: HourRange): Box {
  const span = range.end - range.start;
  const from = clamp(start, range.start, range.end);
  const to = clamp(start + minutes, range.start, range.end);
  return { left: ((from - range.start) / span) * 100, width: ((to - from) / span) * 100 };
}

/** The minute of the day under a pointer at `x`, on a track drawn from `left` over `width` pixels. */
export function minuteAt(x: number, left: number, width: number, range: HourRange): number {
  return range.start + ((x - left) / Math.max(1, width)) * (range.end - range.start);
}

/** A block of the timeline: the job, its start and length in minutes, and its lane in the row. */
export type TimelineBlock = { job: JobDTO; start: number; minutes: number; lane: number };

/**
 * Overlapping blocks of one row stack: each takes the first lane free at its start (jobs
 * in order of start, the longer first). Touching jobs (10:00 end, 10:00 start) share a lane,
 * as they do not overlap. Returns the blocks and how many lanes the row needs (at least 1).
 */
export function stackInLanes(jobs: readonly JobDTO[]): { blocks: TimelineBlock[]; laneCount: number } {
  const placed = jobs
    .filter((job) => job.time)
    .map((job) => ({ job, start: minutesOf(job.time ?? "00:00"), minutes: job.durationMinutes }))
    .sort((a, b) => a.start - b.start || b.minutes - a.minutes || a.job.id.localeCompare(b.job.id));
  const laneEnds: number[] = [];
  const blocks = placed.map((block) => {
    let lane = laneEnds.findIndex((end) => end <= block.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = block.start + block.minutes;
    return { ...block, lane };
  });
  return { blocks, laneCount: Math.max(1, laneEnds.length) };
}

/** A technician's row: a roster employee (takes jobs) or someone off the roster (marked, takes none). */
export type TimelineRow = {
  key: string;
  employee: EmployeeDTO | null;
  label: string;
  /** Off the roster (deactivated or unknown): shown with its jobs of the day, never a drop target. */
  isInactive: boolean;
  blocks: TimelineBlock[];
  laneCount: number;
};

export type Timeline = { range: HourRange; rows: TimelineRow[] };

type TimelineInput = {
  /** The day, yyyy-MM-dd. */
  day: string;
  jobs: readonly JobDTO[];
  /** The board's roster (active employees, in order). */
  roster: readonly EmployeeDTO[];
  /** Everyone the company has, to name the rows of people off the roster. */
  everyone: readonly EmployeeDTO[];
  workdayStart: string;
  workdayEnd: string;
};

/**
 * The day's timeline: a row per roster employee, then a row per person off the roster who
 * has jobs that day (by name), each job of the day exactly once (the first copy of an id).
 */
export function buildTimeline(input: TimelineInput): Timeline {
  const { day, jobs, roster, everyone, workdayStart, workdayEnd } = input;
  const seen = new Set<string>();
  const dayJobs = jobs.filter((job) => {
    if (job.date !== day || !job.time || seen.has(job.id)) return false;
    seen.add(job.id);
    return true;
  });
  const rosterIds = new Set(roster.map((employee) => employee.id));
  const known = new Map(everyone.map((employee) => [employee.id, employee]));
  const byRow = new Map<string, JobDTO[]>();
  for (const job of dayJobs) {
    const key =
      job.employeeId && (rosterIds.has(job.employeeId) || known.has(job.employeeId))
        ? job.employeeId
        : UNKNOWN_ROW_KEY;
    const row = byRow.get(key);
    if (row) row.push(job);
    else byRow.set(key, [job]);
  }
  const rowOf = (key: string, employee: EmployeeDTO | null, label: string, isInactive: boolean) => ({
    key,
    employee,
    label,
    isInactive,
    ...stackInLanes(byRow.get(key) ?? []),
  });
  const offRoster = [...byRow.keys()]
    .filter((key) => !rosterIds.has(key))
    .map((key) => {
      const employee = known.get(key) ?? null;
      return rowOf(key, employee, employee?.name ?? UNKNOWN_EMPLOYEE_NAME, true);
    })
    .sort((a, b) => a.label.localeCompare(b.label));
  return {
    range: hourRange(dayJobs, workdayStart, workdayEnd),
    rows: [...roster.map((employee) => rowOf(employee.id, employee, employee.name, false)), ...offRoster],
  };
}

/** Where a job would go: its row (employee), start and length in minutes. */
export type Placement = { rowKey: string; start: number; minutes: number };

/** A block dragged by its body: the pointer's minute less where in the block it was grabbed, snapped. */
export function draggedStart(pointerMinute: number, grabOffset: number): number {
  return clamp(snap(pointerMinute - grabOffset), 0, LATEST_START);
}

/** A block's right edge dragged to `pointerMinute`: its new length, snapped, 15 minutes to 12 hours. */
export function resizedMinutes(pointerMinute: number, start: number): number {
  return clamp(snap(pointerMinute - start), MIN_DURATION, MAX_DURATION);
}

export type TimelineKey = { key: string; altKey: boolean; shiftKey: boolean };

/**
 * The keyboard's moves on a focused block (docs/accessibility.md): arrows move it 15
 * minutes, Shift+arrows change its length by 15 minutes, Alt+Up/Down take it to the
 * previous/next technician of `rowKeys` (the rows that take jobs). Null for any other key,
 * and for a move past an end (the block stays).
 */
export function keyboardMove(
  place: Placement,
  key: TimelineKey,
  rowKeys: readonly string[],
): Placement | null {
  const { start, minutes } = place;
  if (key.altKey && (key.key === "ArrowUp" || key.key === "ArrowDown")) {
    const index = rowKeys.indexOf(place.rowKey);
    const next = key.key === "ArrowDown" ? index + 1 : index - 1;
    // A row off the roster is not in `rowKeys`: its first move goes to the first row that takes jobs.
    const target = index === -1 ? rowKeys[0] : rowKeys[next];
    return target === undefined ? null : { ...place, rowKey: target };
  }
  if (key.altKey || (key.key !== "ArrowLeft" && key.key !== "ArrowRight")) return null;
  const isLater = key.key === "ArrowRight";
  // To the next quarter hour that way: a job at 9:10 goes to 9:15 or 9:00, then by 15 minutes.
  const stepped = (value: number) =>
    isLater
      ? Math.floor(value / SNAP_MINUTES) * SNAP_MINUTES + SNAP_MINUTES
      : Math.ceil(value / SNAP_MINUTES) * SNAP_MINUTES - SNAP_MINUTES;
  if (key.shiftKey) {
    const next = clamp(stepped(minutes), MIN_DURATION, MAX_DURATION);
    return next === minutes ? null : { ...place, minutes: next };
  }
  const next = clamp(stepped(start), 0, LATEST_START);
  return next === start ? null : { ...place, start: next };
}

/**
 * A drive between two consecutive jobs of a row (docs/places.md): drawn as a thin bar
 * ending where the next job starts, `isShort` when it is longer than the time between them
 * (the travel warning).
 */
export type DriveSegment = {
  fromJobId: string;
  toJobId: string;
  /** Where the bar starts (the next job's start less the drive) and its length, minutes of the day. */
  start: number;
  minutes: number;
  /** Where the drive starts from, for its words. */
  from: string;
  isShort: boolean;
};

/** A row's drives and their total in minutes. */
export type RowDrives = { segments: DriveSegment[]; totalMinutes: number };

const NO_DRIVES: RowDrives = { segments: [], totalMinutes: 0 };

/**
 * The drives of one row's day: between each two consecutive jobs that are not cancelled and
 * both have a place, with the company's estimate (the conflict engine's, so a short bar and
 * the travel warning agree). A job without a place breaks the chain: no drive to or from it.
 */
export function driveSegmentsOf(blocks: readonly TimelineBlock[], model: DriveModel | undefined): RowDrives {
  if (blocks.length < 2) return NO_DRIVES;
  const line = blocks
    .filter((block) => block.job.status !== "cancelled")
    .sort((a, b) => a.start - b.start || a.minutes - b.minutes);
  const segments: DriveSegment[] = [];
  let totalMinutes = 0;
  for (let index = 1; index < line.length; index++) {
    const before = line[index - 1];
    const after = line[index];
    if (!before.job.place || !after.job.place) continue;
    const minutes = estimateDriveMinutes(before.job.place, after.job.place, model);
    if (minutes <= 0) continue;
    totalMinutes += minutes;
    const gap = after.start - (before.start + before.minutes);
    segments.push({
      fromJobId: before.job.id,
      toJobId: after.job.id,
      start: after.start - minutes,
      minutes,
      from: before.job.location,
      isShort: gap >= 0 && minutes > gap,
    });
  }
  return segments.length ? { segments, totalMinutes } : NO_DRIVES;
}

/** "Drive 1h 05m", "Drive 25m". */
export function driveTotalText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `Drive ${hours}h ${String(rest).padStart(2, "0")}m` : `Drive ${rest}m`;
}
