/**
 * The Numbers screen's periods (docs/numbers.md): a week (Monday to Sunday), a calendar
 * month, or a chosen range; the address keeps them (`?kind=&from=&to=&employeeId=`).
 */
import { addDays, daysBetween, weekStartOf } from "@sched/shared-types";
import dayjs from "dayjs";

export type PeriodKind = "week" | "month" | "custom";
export type Period = { from: string; to: string };

const endOfMonth = (from: string) => dayjs(from).endOf("month").format("YYYY-MM-DD");

/** The week or month that holds `date`. */
export function periodOf(kind: Exclude<PeriodKind, "custom">, date: string): Period {
  if (kind === "week") {
    const from = weekStartOf(date);
    return { from, to: addDays(from, 6) };
  }
  const from = `${date.slice(0, 7)}-01`;
  return { from, to: endOfMonth(from) };
}

/** The period `steps` away (negative: back): a month is a calendar month, else the same length. */
export function shiftPeriod(kind: PeriodKind, period: Period, steps: number): Period {
  if (kind === "month") {
    const from = dayjs(period.from).add(steps, "month").format("YYYY-MM-DD");
    return { from, to: endOfMonth(from) };
  }
  const days = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, steps * days), to: addDays(period.to, steps * days) };
}

/** "Mar 2 – Mar 8, 2026" */
export function periodLabel(period: Period): string {
  const from = dayjs(period.from);
  const to = dayjs(period.to);
  const sameYear = from.year() === to.year();
  return `${from.format(sameYear ? "MMM D" : "MMM D, YYYY")} – ${to.format("MMM D, YYYY")}`;
}

/** Short for a chart's axis: "Mar 2". */
export const shortLabel = (period: Period) => dayjs(period.from).format("MMM D");
