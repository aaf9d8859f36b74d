/**
 * Where time off shows (docs/time-off.md): which days of
 * whom it covers, its words, and the stretches of a day the Daily View shades. Pure, so
 * the Week View, By Employee and the timeline cannot disagree.
 */

import {
  addDays,
  type EmployeeDTO,
  isoWeekday,
  minutesOfDay,
  TIME_OFF_KIND_LABELS,
  type TimeOffDTO,
} from "@sched/shared-types";
import dayjs from "dayjs";

const MINUTES_PER_DAY = 24 * 60;

/** A sick day (asked for or approved) that covers `day`: the office may re-plan that day at once. */
export const isSickOn = (off: Pick<TimeOffDTO, "kind" | "startDate" | "endDate" | "status">, day: string) =>
  off.kind === "sick" && off.status !== "declined" && off.startDate <= day && day <= off.endDate;

/** The key of one person's day. */
export const dayKey = (employeeId: string, date: string) => `${employeeId}|${date}`;

/** Approved and pending time off by person and day (declined is not shown); each day of a range once. */
export function timeOffByDay(list: readonly TimeOffDTO[]): Map<string, TimeOffDTO[]> {
  const byDay = new Map<string, TimeOffDTO[]>();
  for (const off of list) {
    if (off.status === "declined") continue;
    for (let date = off.startDate; date <= off.endDate; date = addDays(date, 1)) {
      const key = dayKey(off.employeeId, date);
      const day = byDay.get(key);
      if (day) day.push(off);
      else byDay.set(key, [off]);
    }
  }
  return byDay;
}

/** "13:00–17:00" for part of a day, "" for whole days. */
export const timeOffHours = (off: TimeOffDTO) =>
  off.startTime && off.endTime ? `${off.startTime}–${off.endTime}` : "";

/**
 * What a shaded day says: "Off · Vacation 13:00–17:00" when approved, "Asked: Vacation"
 * while pending. The kind only when the reader may see it (the office, or one's own).
 */
export function timeOffLabel(off: TimeOffDTO, showKind: boolean): string {
  const kind = showKind && off.kind ? TIME_OFF_KIND_LABELS[off.kind] : "";
  const words = [kind, timeOffHours(off)].filter(Boolean).join(" ");
  if (off.status === "pending") return words ? `Asked off: ${words}` : "Asked off";
  return words ? `Off · ${words}` : "Off";
}

/** A stretch of one day, in minutes from midnight, with what it is. */
export type DayShade = {
  start: number;
  end: number;
  label: string;
  tone: "time-off" | "pending" | "unavailable";
};

/** The stretches of `date` outside the employee's own weekly pattern ([] when they have none). */
export function unavailableStretches(employee: EmployeeDTO, date: string): DayShade[] {
  if (employee.availability.length === 0) return [];
  const day = isoWeekday(date) % 7;
  const windows = employee.availability
    .filter((window) => window.day === day)
    .map((window) => ({ start: minutesOfDay(window.start), end: minutesOfDay(window.end) }))
    .sort((a, b) => a.start - b.start);
  const shades: DayShade[] = [];
  let from = 0;
  for (const window of windows) {
    if (window.start > from)
      shades.push({ start: from, end: window.start, label: "Not available", tone: "unavailable" });
    from = Math.max(from, window.end);
  }
  if (from < MINUTES_PER_DAY)
    shades.push({ start: from, end: MINUTES_PER_DAY, label: "Not available", tone: "unavailable" });
  return shades;
}

/** One person's shaded stretches of `date` on the timeline: outside their pattern, then time off. */
export function dayShades(
  employee: EmployeeDTO,
  date: string,
  byDay: ReadonlyMap<string, readonly TimeOffDTO[]>,
  showKind: boolean,
): DayShade[] {
  const offs = byDay.get(dayKey(employee.id, date)) ?? [];
  return [
    ...unavailableStretches(employee, date),
    ...offs.map((off) => ({
      start: off.startTime ? minutesOfDay(off.startTime) : 0,
      end: off.endTime ? minutesOfDay(off.endTime) : MINUTES_PER_DAY,
      label: timeOffLabel(off, showKind),
      tone: off.status === "pending" ? ("pending" as const) : ("time-off" as const),
    })),
  ];
}

/** "Mon 30 Nov", "Mon 30 Nov – Wed 2 Dec", "Mon 30 Nov 13:00–17:00" */
export function whenText(off: TimeOffDTO): string {
  const day = (date: string) => dayjs(date).format("ddd D MMM");
  const hours = timeOffHours(off);
  if (hours) return `${day(off.startDate)} ${hours}`;
  return off.startDate === off.endDate ? day(off.startDate) : `${day(off.startDate)} – ${day(off.endDate)}`;
}
