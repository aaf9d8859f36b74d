/**
 * Clocked and job minutes of many days at once, by the timesheets' own rules
 * (core/src/timesheets/week-hours.ts, docs/timesheets.md), without their per-day flags: an
 * entry counts on the company-zone day it started; a closed entry its real length, one open
 * today up to now, one open from an earlier day nothing; a job runs from its first Start to
 * its last Complete (still going: to now); a day's job minutes are the clocked time on jobs,
 * never more than its clocked minutes. Each day is floored to whole minutes, as the
 * timesheets floor it, so the two screens give the same totals. Pure: no database.
 */
import { localDate } from "../../timesheets/week-hours";

export type ClockedEntry = { clockIn: Date; clockOut: Date | null };
export type WorkedJob = { started: Date; completed: Date | null };

type Interval = { from: number; to: number };
const MINUTE_MS = 60_000;

/** The job intervals sorted by start, and the longest, so a search can stop early. */
function jobIntervals(jobs: readonly WorkedJob[], now: number) {
  const intervals: Interval[] = [];
  for (const job of jobs) {
    const from = job.started.getTime();
    const to = job.completed ? job.completed.getTime() : now;
    if (to > from) intervals.push({ from, to });
  }
  intervals.sort((a, b) => a.from - b.from);
  const longest = intervals.reduce((most, one) => Math.max(most, one.to - one.from), 0);
  return { intervals, longest };
}

/** Index of the first interval starting at or after `at`. */
function firstFrom(intervals: readonly Interval[], at: number) {
  let low = 0;
  let high = intervals.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (intervals[middle].from < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One person's clocked and job minutes over the days their entries started on. */
export function clockedMinutes(
  entries: readonly ClockedEntry[],
  jobs: readonly WorkedJob[],
  timeZone: string,
  now: Date,
) {
  const { intervals, longest } = jobIntervals(jobs, now.getTime());
  const today = localDate(now, timeZone);
  const days = new Map<string, { workedMs: number; jobMs: number }>();
  for (const entry of entries) {
    const day = localDate(entry.clockIn, timeZone);
    const from = entry.clockIn.getTime();
    let to: number;
    if (entry.clockOut) to = entry.clockOut.getTime();
    else if (day < today) continue;
    else to = Math.max(from, now.getTime());
    let jobMs = 0;
    // Only intervals starting before the entry ends, and no longer ago than the longest lasts.
    for (
      let index = firstFrom(intervals, to) - 1;
      index >= 0 && intervals[index].from >= from - longest;
      index--
    ) {
      const job = intervals[index];
      jobMs += Math.max(0, Math.min(to, job.to) - Math.max(from, job.from));
    }
    const sums = days.get(day) ?? { workedMs: 0, jobMs: 0 };
    sums.workedMs += to - from;
    sums.jobMs += jobMs;
    days.set(day, sums);
  }
  let clocked = 0;
  let job = 0;
  for (const { workedMs, jobMs } of days.values()) {
    const worked = Math.floor(workedMs / MINUTE_MS);
    clocked += worked;
    job += Math.min(Math.floor(jobMs / MINUTE_MS), worked);
  }
  return { clocked, job };
}
