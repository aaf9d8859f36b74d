/**
 * An approved week is locked (docs/timesheets.md): no clock tap or correction lands in it
 * until the owner reopens it. Read on the transaction that then writes, with the week's row
 * locked, so an approval and a change never cross.
 */
import { WEEK_LOCKED } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { timesheetWeeks } from "../db/schema";
import { Locked } from "../errors";
import { weekStartOf } from "../lib/dates";
import { localDate } from "./week-hours";

/** The Monday of the company's week an instant falls in. */
export const weekOfInstant = (instant: Date, timeZone: string) => weekStartOf(localDate(instant, timeZone));

/** 409 locked when the person's week starting `weekStart` is approved. */
export async function assertWeekOpen(tx: Executor, companyId: string, employeeId: string, weekStart: string) {
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
