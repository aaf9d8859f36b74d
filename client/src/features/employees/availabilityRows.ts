/**
 * The weekly pattern as the employee form edits it (docs/time-off.md): a row is hours and
 * the days they hold on, so "Mon–Fri 7:00–17:00" is one row; the API keeps one window per
 * day. Each row's problem is found while typing, as the server would refuse it.
 */
import {
  AVAILABILITY_END_AFTER_START,
  AVAILABILITY_MAX_WINDOWS,
  type AvailabilityWindow,
} from "@sched/shared-types";
import { DAY_NAMES } from "../../entities/employee/availabilityText";
import { formatTime } from "../../lib/dates";

export type AvailabilityRow = { days: number[]; start: string; end: string };

/** Monday first, as people plan a week; day numbers stay the API's (0 = Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
export const DAY_CHOICES = WEEK_ORDER.map((day) => ({ value: day, label: DAY_NAMES[day].slice(0, 3) }));

export const ROW_NEEDS_A_DAY = "Pick at least one day";
export const ROW_TOO_MANY = `At most ${AVAILABILITY_MAX_WINDOWS} day windows in a week`;

const inWeekOrder = (days: readonly number[]) =>
  [...new Set(days)].sort((a, b) => WEEK_ORDER.indexOf(a) - WEEK_ORDER.indexOf(b));

/** Windows with the same hours become one row, in the order their first day comes in the week. */
export function toRows(windows: readonly AvailabilityWindow[]): AvailabilityRow[] {
  const rows = new Map<string, AvailabilityRow>();
  const ordered = [...windows].sort(
    (a, b) => WEEK_ORDER.indexOf(a.day) - WEEK_ORDER.indexOf(b.day) || a.start.localeCompare(b.start),
  );
  for (const window of ordered) {
    const key = `${window.start}-${window.end}`;
    const row = rows.get(key) ?? { days: [], start: window.start, end: window.end };
    row.days.push(window.day);
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** One window per day of each row, as the API takes them. */
export const toWindows = (rows: readonly AvailabilityRow[]): AvailabilityWindow[] =>
  rows.flatMap((row) => inWeekOrder(row.days ?? []).map((day) => ({ day, start: row.start, end: row.end })));

/** The next row to add: the first one Mon–Fri, later ones the days no row holds yet. */
export function newRow(rows: readonly AvailabilityRow[]): AvailabilityRow {
  if (rows.length === 0) return { days: [1, 2, 3, 4, 5], start: "08:00", end: "17:00" };
  const taken = new Set(rows.flatMap((row) => row.days ?? []));
  return { days: WEEK_ORDER.filter((day) => !taken.has(day)), start: "08:00", end: "17:00" };
}

const dayName = (day: number) => DAY_NAMES[day]?.slice(0, 3) ?? "";

/**
 * What is wrong with each row, null when nothing: no day, an end not after its start, or
 * hours overlapping an earlier row's on a shared day (the later row is the one at fault).
 */
export function rowProblems(rows: readonly AvailabilityRow[]): (string | null)[] {
  return rows.map((row, index) => {
    if (!row || (row.days ?? []).length === 0) return ROW_NEEDS_A_DAY;
    if (!row.start || !row.end) return null; // the time field says it is required
    if (row.end <= row.start) return AVAILABILITY_END_AFTER_START;
    for (const earlier of rows.slice(0, index)) {
      if (!earlier?.start || !earlier.end || earlier.end <= earlier.start) continue;
      const shared = inWeekOrder(row.days).filter((day) => (earlier.days ?? []).includes(day));
      if (shared.length > 0 && earlier.start < row.end && row.start < earlier.end) {
        return `Overlaps ${formatTime(earlier.start)}–${formatTime(earlier.end)} on ${shared.map(dayName).join(", ")}`;
      }
    }
    return null;
  });
}

/** The problem of the whole pattern, beyond its rows: too many windows for the API. */
export const patternProblem = (rows: readonly AvailabilityRow[]) =>
  toWindows(rows).length > AVAILABILITY_MAX_WINDOWS ? ROW_TOO_MANY : null;
