/**
 * The time a move starts at (docs/schedule.md). A move that names no time
 * (a card dropped on another day keeps its own; a tray card dropped on a day gets 09:00)
 * never starts at a time already past: onto the company's today, a time gone by becomes
 * the next free slot from now. A time the request names is what the person chose (a
 * block dropped at 10:30 on the timeline, this morning's emergency logged late): it
 * stays, and the answer warns when it is already past.
 */
import {
  clockIn,
  dateIn,
  isTimePast,
  type JobWarning,
  type LatLng,
  nextFreeTime,
  pastTimeWarning,
  TRAY_DEFAULT_TIME,
} from "@sched/shared-types";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { jobs } from "../db/schema";
import { loadCompanySettings } from "../queries/company-settings";

type JobRow = typeof jobs.$inferSelect;
type SlotFields = {
  employeeId?: string | null;
  date?: string | null;
  time?: string | null;
  status?: string;
  durationMinutes?: number;
};

/**
 * The time to write for a move that names none, or undefined when the request's (or the
 * job's own) time stands. A tray job given an employee and a day gets the tray's time.
 */
export async function timeOfMoveOntoToday(
  executor: Executor,
  locked: JobRow,
  fields: SlotFields,
  now = new Date(),
): Promise<string | undefined> {
  if (fields.time !== undefined) return undefined;
  const date = fields.date;
  const employeeId = fields.employeeId === undefined ? locked.employeeId : fields.employeeId;
  if (!date || !employeeId || date === locked.date) return undefined;
  const time = locked.time ?? TRAY_DEFAULT_TIME;
  const given = locked.time === null ? time : undefined;
  if ((fields.status ?? locked.status) !== "scheduled") return given;
  const { timeZone, drive } = await loadCompanySettings(locked.companyId, executor);
  if (date !== dateIn(now, timeZone)) return given;
  const clock = clockIn(now, timeZone);
  if (!isTimePast(time, clock)) return given;
  const busy = await executor
    .select({
      time: jobs.time,
      durationMinutes: jobs.durationMinutes,
      // The point only (docs/places.md): the slot leaves room to drive where both are known.
      place: sql<LatLng | null>`case when ${jobs.placeLat} is null or ${jobs.placeLng} is null then null
        else json_build_object('lat', ${jobs.placeLat}, 'lng', ${jobs.placeLng}) end`,
    })
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
  const place =
    locked.placeLat !== null && locked.placeLng !== null
      ? { lat: locked.placeLat, lng: locked.placeLng }
      : null;
  return nextFreeTime(clock, fields.durationMinutes ?? locked.durationMinutes, busy, { place, drive });
}

/**
 * The warning for a change that named a time of today already gone by (the time stays),
 * or undefined. Only a change of the date or the time is warned about: resaving a job's
 * morning time from the dialog is no news.
 */
export async function pastTimeOfChange(
  before: JobRow,
  after: JobRow,
  namedTime: string | null | undefined,
  now = new Date(),
): Promise<JobWarning | undefined> {
  if (!namedTime || !after.date || !after.time || after.status !== "scheduled") return undefined;
  if (before.date === after.date && before.time === after.time) return undefined;
  const { timeZone } = await loadCompanySettings(after.companyId);
  if (after.date !== dateIn(now, timeZone)) return undefined;
  return isTimePast(after.time, clockIn(now, timeZone)) ? pastTimeWarning(after.time) : undefined;
}
