/**
 * A person's week of hours from their clock entries and job taps (docs/timesheets.md).
 * Pure: no database, the clock is passed in. Every length is the difference of two instants,
 * so a day across midnight or a daylight-saving change counts what really passed; only the
 * day an entry belongs to (the day it started) is read in the company's time zone.
 */
import { addDays, type TimesheetDayDTO, type TimesheetFlag } from "@sched/shared-types";
import { DateTime } from "luxon";
import { presentDayEntry } from "../presenters/time-entries";

export type EntryFacts = {
  id: string;
  clockIn: Date;
  clockOut: Date | null;
  version: number;
  /** True once the office corrected it. */
  isEdited: boolean;
};
export type TapFacts = { jobId: string; kind: string; at: Date };
export type OvertimeRules = { overtimeWeeklyMinutes: number; overtimeDailyMinutes: number | null };

type Interval = { from: number; to: number };

const MINUTE_MS = 60 * 1000;

/** The company's calendar date of an instant. */
export const localDate = (instant: Date, timeZone: string) =>
  DateTime.fromJSDate(instant, { zone: timeZone }).toISODate() as string;

/** The instant a calendar date starts in the company's time zone. */
export const startOfLocalDay = (date: string, timeZone: string) =>
  DateTime.fromISO(date, { zone: timeZone }).startOf("day").toJSDate();

const overlap = (a: Interval, b: Interval) => Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from));

/**
 * What an entry counts: closed, its length; open today, up to now; open from an earlier day
 * (a forgotten "End my day"), nothing until the office corrects it.
 */
function countedInterval(entry: EntryFacts, isBeforeToday: boolean, now: Date): Interval | null {
  if (entry.clockOut) return { from: entry.clockIn.getTime(), to: entry.clockOut.getTime() };
  if (isBeforeToday) return null;
  return { from: entry.clockIn.getTime(), to: Math.max(entry.clockIn.getTime(), now.getTime()) };
}

/** Each job's time on site: its first Start to its last Complete (still going today: up to now). */
function jobIntervals(taps: readonly TapFacts[], now: Date): Interval[] {
  const byJob = new Map<string, { start?: number; complete?: number }>();
  for (const tap of taps) {
    const job = byJob.get(tap.jobId) ?? {};
    const at = tap.at.getTime();
    if (tap.kind === "start") job.start = Math.min(job.start ?? at, at);
    if (tap.kind === "complete") job.complete = Math.max(job.complete ?? at, at);
    byJob.set(tap.jobId, job);
  }
  const intervals: Interval[] = [];
  for (const { start, complete } of byJob.values()) {
    if (start === undefined) continue;
    const end = complete ?? now.getTime();
    if (end > start) intervals.push({ from: start, to: end });
  }
  return intervals;
}

/**
 * Whether an instant lies inside a clocked stretch. An open one of today reaches to now; a
 * forgotten one (open from an earlier day) to the end of its own day.
 */
function isClocked(at: number, entries: readonly EntryFacts[], timeZone: string, now: Date): boolean {
  const today = localDate(now, timeZone);
  return entries.some((entry) => {
    let end = entry.clockOut?.getTime();
    if (end === undefined) {
      const day = localDate(entry.clockIn, timeZone);
      end = day < today ? startOfLocalDay(addDays(day, 1), timeZone).getTime() : Math.max(now.getTime(), at);
    }
    return at >= entry.clockIn.getTime() && at <= end;
  });
}

const minutes = (ms: number) => Math.floor(ms / MINUTE_MS);

/**
 * The 7 days of the week from `weekStart`, each with its entries, minutes and flags. A day
 * worked over `longDayMinutes` (Company Settings) is flagged `long_day`: nothing stops a
 * technician from recording 24 hours alone, so the office is shown it.
 */
export function weekDays(
  weekStart: string,
  entries: readonly EntryFacts[],
  taps: readonly TapFacts[],
  timeZone: string,
  now: Date,
  longDayMinutes: number,
): TimesheetDayDTO[] {
  const today = localDate(now, timeZone);
  const jobs = jobIntervals(taps, now);
  const outsideDays = new Set(
    taps
      .filter((tap) => !isClocked(tap.at.getTime(), entries, timeZone, now))
      .map((tap) => localDate(tap.at, timeZone)),
  );
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(weekStart, index);
    const dayEntries = entries
      .filter((entry) => localDate(entry.clockIn, timeZone) === date)
      .sort((a, b) => a.clockIn.getTime() - b.clockIn.getTime());
    const flags: TimesheetFlag[] = [];
    const counted: Interval[] = [];
    for (const entry of dayEntries) {
      const interval = countedInterval(entry, date < today, now);
      if (interval) counted.push(interval);
      else if (!flags.includes("no_clock_out")) flags.push("no_clock_out");
    }
    if (outsideDays.has(date)) flags.push("job_outside_clock");
    if (dayEntries.some((entry) => entry.isEdited)) flags.push("edited");
    const workedMs = counted.reduce((sum, interval) => sum + (interval.to - interval.from), 0);
    // Only clocked time on jobs counts as job time: the rest of the clocked day is "between".
    const jobMs = counted.reduce(
      (sum, clocked) => sum + jobs.reduce((inner, job) => inner + overlap(clocked, job), 0),
      0,
    );
    const workedMinutes = minutes(workedMs);
    if (workedMinutes > longDayMinutes) flags.push("long_day");
    const jobMinutes = Math.min(minutes(jobMs), workedMinutes);
    return {
      date,
      entries: dayEntries.map(presentDayEntry),
      workedMinutes,
      jobMinutes,
      betweenMinutes: workedMinutes - jobMinutes,
      flags,
    };
  });
}

/**
 * The week's overtime: first each day's minutes over the daily limit (when the company has
 * one), then the week's remaining minutes over the weekly limit, so no minute counts twice.
 */
export function overtimeOf(days: readonly { workedMinutes: number }[], rules: OvertimeRules) {
  const total = days.reduce((sum, day) => sum + day.workedMinutes, 0);
  const daily =
    rules.overtimeDailyMinutes === null
      ? 0
      : days.reduce(
          (sum, day) => sum + Math.max(0, day.workedMinutes - (rules.overtimeDailyMinutes ?? 0)),
          0,
        );
  const weekly = Math.max(0, total - daily - rules.overtimeWeeklyMinutes);
  return {
    totalMinutes: total,
    dailyOvertimeMinutes: daily,
    weeklyOvertimeMinutes: weekly,
    overtimeMinutes: daily + weekly,
  };
}
