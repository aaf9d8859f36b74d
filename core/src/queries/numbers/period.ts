/**
 * What every figure of the owner's numbers (docs/numbers.md) reads: the company, the
 * period (two calendar dates, both included), perhaps one technician, and the company's
 * time zone, in which the period's first and last instants are found (so a week across a
 * daylight-saving change has its 167 or 169 hours).
 */
import { addDays, type DriveModel, daysBetween } from "@sched/shared-types";
import { type SQL, sql } from "drizzle-orm";
import { startOfLocalDay } from "../../timesheets/week-hours";
import { loadCompanySettings } from "../company-settings";

export type NumbersScope = {
  companyId: string;
  from: string;
  to: string;
  employeeId?: string;
  timeZone: string;
  drive: DriveModel;
  now: Date;
};

/** A page of an items list, or null: every row (the CSV). */
export type RowsPage = { page: number; pageSize: number } | null;

/** `limit … offset …` of a page; nothing for every row. */
export const pageSql = (page: RowsPage): SQL =>
  page ? sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}` : sql``;

/** The period of the same length just before. */
export function previousPeriod(from: string, to: string) {
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** The first instant of `from` and the first instant after `to`, in the company's zone. */
export const instantsOf = (scope: Pick<NumbersScope, "from" | "to" | "timeZone">) => ({
  start: startOfLocalDay(scope.from, scope.timeZone),
  end: startOfLocalDay(addDays(scope.to, 1), scope.timeZone),
});

/** part / whole to three places; null when there is nothing to divide by. */
export const shareOf = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;

/** `and <column> = <employee>` when one technician was asked for. */
export const employeeFilter = (scope: NumbersScope, column: SQL): SQL =>
  scope.employeeId ? sql` and ${column} = ${scope.employeeId}` : sql``;

export async function scopeOf(
  query: { companyId: string; from: string; to: string; employeeId?: string },
  now = new Date(),
): Promise<NumbersScope> {
  const settings = await loadCompanySettings(query.companyId);
  return { ...query, timeZone: settings.timeZone, drive: settings.drive, now };
}
