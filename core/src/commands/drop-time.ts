/**
 * A job moved onto today never starts at a time already past (docs/schedule.md, "Drag and
 * drop"): a move to the company's today, from another day or from the tray, whose time has
 * gone by in the company's time zone starts at the next free slot from now instead.
 */
import { clockIn, isTimePast, nextFreeTime } from "@sched/shared-types";
import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../db/client";
import { jobs } from "../db/schema";
import { todayIn } from "../queries/calendar-feed";
import { loadCompanySettings } from "../queries/company-settings";

type JobRow = typeof jobs.$inferSelect;
type SlotFields = {
  employeeId?: string | null;
  date?: string | null;
  time?: string | null;
  status?: string;
  durationMinutes?: number;
};

/** The time the move should start at instead, or undefined when its own time stands. */
export async function timeOfMoveOntoToday(
  executor: Executor,
  locked: JobRow,
  fields: SlotFields,
  now = new Date(),
): Promise<string | undefined> {
  const date = fields.date;
  const time = fields.time === undefined ? locked.time : fields.time;
  const employeeId = fields.employeeId === undefined ? locked.employeeId : fields.employeeId;
  if (!date || !time || !employeeId || date === locked.date) return undefined;
  if ((fields.status ?? locked.status) !== "scheduled") return undefined;
  const { timeZone } = await loadCompanySettings(locked.companyId, executor);
  if (date !== todayIn(timeZone, now)) return undefined;
  const clock = clockIn(now, timeZone);
  if (!isTimePast(time, clock)) return undefined;
  const busy = await executor
    .select({ time: jobs.time, durationMinutes: jobs.durationMinutes })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, locked.companyId),
        eq(jobs.employeeId, employeeId),
        eq(jobs.date, date),
        ne(jobs.id, locked.id),
        ne(jobs.status, "cancelled"),
      ),
    );
  return nextFreeTime(clock, fields.durationMinutes ?? locked.durationMinutes, busy);
}
