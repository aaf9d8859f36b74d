/**
 * An approved week is locked (docs/timesheets.md): no clock tap or correction lands in it
 * until the owner reopens it. Read on the transaction that then writes, with the week's row
 * locked, so an approval and a change never cross.
 */
import { WEEK_LOCKED } from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { timesheetWeeks } from "../db/schema";
import { Locked } from "../errors";
import { weekStartOf } from "../lib/dates";
import { localDate } from "./week-hours";

/** The Monday of the company's week an instant falls in. */
export const weekOfInstant = (instant: Date, timeZone: string) => weekStartOf(localDate(instant, timeZone));

/**
 * Holds the person's week until the transaction ends. A week never approved has no row for
 * `FOR UPDATE` to lock, so approvals and taps meet on an advisory lock named after the week
 * instead: the first approval of a week happens once, and no tap slips in beside it.
 */
export async function lockPersonWeek(tx: Executor, companyId: string, employeeId: string, weekStart: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`timesheet-week:${companyId}:${employeeId}:${weekStart}`}, 0))`,
  );
}

/** 409 locked when the person's week starting `weekStart` is approved. */
export async function assertWeekOpen(tx: Executor, companyId: string, employeeId: string, weekStart: string) {
  await lockPersonWeek(tx, companyId, employeeId, weekStart);
  const [week] = await tx
    .select({ status: timesheetWeeks.status })
    .from(timesheetWeeks)
    .where(
      and(
        eq(timesheetWeeks.companyId, companyId),
        eq(timesheetWeeks.employeeId, employeeId),
        eq(timesheetWeeks.weekStart, weekStart),
      ),
    )
    .for("update");
  if (week?.status === "approved") throw new Locked(WEEK_LOCKED);
}
