/**
 * The arrival windows a customer may book (docs/booking.md, "Windows"): for each day from
 * `from` (not before now + the lead time, not past the horizon) and each of the company's
 * windows, offered when some active technician with the service's skills can start a job
 * of its length within the window. "Can" is the conflict engine's word (shared-types/src/
 * conflicts.ts): no warning at all there (hours, time off asked for or approved, skills,
 * overlap, and the drive from the job before and to the job after), so a booked job never
 * breaks what the board would warn about. Each day takes at most the company's daily cap
 * of online bookings. `fitInWindow` picks who: the least added drive, then the fewest jobs
 * that day; the booking and the visit page's reschedule call it under lockBookingDay.
 */
import {
  addDays,
  BOOKING_MESSAGES,
  type ConflictJob,
  clockTime,
  dateIn,
  estimateDriveMinutes,
  type LatLng,
  minutesOfDay,
  wallClock,
  warningsForJob,
} from "@sched/shared-types";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { BadRequest } from "../errors";
import type { BookingSettingsRow } from "../presenters/booking";
import { DEFAULT_BOOKING_SETTINGS } from "../presenters/booking";
import { loadBookingSettingsRow } from "../queries/booking-settings";
import { loadCompanySettings } from "../queries/company-settings";
import { type BookingDays, busyOn, loadBookingDays, techniciansFor } from "./booking-days";

/** What a service needs of a technician: its length and skills. */
export type ServiceNeed = { jobType: string; durationMinutes: number; requiredSkills: readonly string[] };

export type WindowsQuery = {
  companyId: string;
  /** A job type the settings offer, or the need itself (a reschedule of a job keeps its own). */
  service: string | ServiceNeed;
  place: LatLng | null;
  from: string;
  days: number;
  /** A job being moved: it neither blocks its own place nor counts toward the cap. */
  excludeJobId?: string;
  now?: Date;
};

export type FitQuery = Omit<WindowsQuery, "from" | "days"> & { date: string; start: string; end: string };

export type OfferedWindow = { date: string; start: string; end: string };
export type WindowFit = { employeeId: string; time: string };

const STEP_MINUTES = 15;

/** The settings' service for a job type; a type not offered is the `service` field's 400. */
export function serviceNeed(
  settings: BookingSettingsRow | undefined,
  service: string | ServiceNeed,
): ServiceNeed {
  if (typeof service !== "string") return service;
  const found = (settings?.services ?? []).find((offered) => offered.jobType === service);
  if (!found)
    throw new BadRequest(BOOKING_MESSAGES.service, [{ path: "service", message: BOOKING_MESSAGES.service }]);
  return found;
}

/** The first bookable moment and the last bookable day, in the company's wall clock. */
function bookableSpan(
  settings: Pick<BookingSettingsRow, "leadHours" | "horizonDays">,
  timeZone: string,
  now: Date,
) {
  const earliest = wallClock(new Date(now.getTime() + settings.leadHours * 3_600_000), timeZone);
  return { earliest, lastDay: addDays(dateIn(now, timeZone), settings.horizonDays) };
}

/** Minutes of driving `from` to `to` as the company counts them; unknown places add nothing. */
const driveOf = (days: BookingDays, from: LatLng | null | undefined, to: LatLng | null | undefined) =>
  from && to ? estimateDriveMinutes(from, to, days.context.drive) : 0;

/** The drive a job at `start` adds to the technician's day: to it and on, less the drive it replaces. */
function addedDrive(days: BookingDays, line: readonly ConflictJob[], start: number, place: LatLng | null) {
  let before: ConflictJob | undefined;
  let after: ConflictJob | undefined;
  for (const job of line) {
    if (minutesOfDay(job.time ?? "00:00") < start) before = job;
    else if (!after) after = job;
  }
  return (
    driveOf(days, before?.place, place) +
    driveOf(days, place, after?.place) -
    driveOf(days, before?.place, after?.place)
  );
}

type Candidate = WindowFit & { added: number; jobs: number };

/** Warnings that hold at every hour of a technician's day: no start that day can clear them. */
const DAY_WIDE = new Set(["non_working_day", "skills", "inactive_employee"]);

/**
 * Whether the technician cannot take the service on `date` at any hour, as the conflict
 * engine says of a job at `time` alone on their day; asked once per technician and day, so a
 * weekend or a missing skill costs one question, not one per quarter hour and window.
 */
function dayClosed(days: BookingDays, need: ServiceNeed, employeeId: string, date: string, time: string) {
  const key = `${employeeId}|${date}|${need.jobType}`;
  let closed = days.closedDays.get(key);
  if (closed === undefined) {
    const alone: ConflictJob = {
      id: "booking",
      employeeId,
      date,
      time,
      durationMinutes: need.durationMinutes,
      requiredSkills: need.requiredSkills,
    };
    closed = warningsForJob(alone, [], days.context).some((warning) => DAY_WIDE.has(warning.code));
    days.closedDays.set(key, closed);
  }
  return closed;
}

/**
 * Who can make the window on `date`, and when: the earliest quarter hour from its start to
 * its end at which the conflict engine has nothing to say. `firstOnly`: any one will do (is
 * the window offered?); otherwise the best (least added drive, fewest jobs that day, earliest).
 */
function fit(
  days: BookingDays,
  need: ServiceNeed,
  place: LatLng | null,
  slot: OfferedWindow,
  earliest: string,
  firstOnly: boolean,
): WindowFit | null {
  let best: Candidate | undefined;
  const first = minutesOfDay(slot.start);
  const last = minutesOfDay(slot.end);
  for (const technician of techniciansFor(days, need.requiredSkills)) {
    if (dayClosed(days, need, technician.id, slot.date, slot.start)) continue;
    const line = busyOn(days, technician.id, slot.date);
    for (let start = first; start <= last; start += STEP_MINUTES) {
      const time = clockTime(start);
      if (`${slot.date}T${time}` < earliest) continue;
      const job: ConflictJob = {
        id: "booking",
        employeeId: technician.id,
        date: slot.date,
        time,
        durationMinutes: need.durationMinutes,
        place,
        requiredSkills: need.requiredSkills,
      };
      if (warningsForJob(job, line as ConflictJob[], days.context).length > 0) continue;
      const candidate = {
        employeeId: technician.id,
        time,
        added: addedDrive(days, line, start, place),
        jobs: line.length,
      };
      if (firstOnly) return candidate;
      if (
        !best ||
        candidate.added < best.added ||
        (candidate.added === best.added && candidate.jobs < best.jobs) ||
        (candidate.added === best.added && candidate.jobs === best.jobs && candidate.time < best.time)
      ) {
        best = candidate;
      }
      break;
    }
  }
  return best ? { employeeId: best.employeeId, time: best.time } : null;
}

const capReached = (days: BookingDays, settings: BookingSettingsRow, date: string) =>
  (days.onlineCount.get(date) ?? 0) >= settings.dailyCap;

/** The company's booking settings; one that never saved has the defaults (the visit page's reschedule). */
async function settingsOrDefaults(executor: Executor, companyId: string): Promise<BookingSettingsRow> {
  return (
    (await loadBookingSettingsRow(companyId, executor)) ?? {
      ...DEFAULT_BOOKING_SETTINGS,
      companyId,
      createdAt: new Date(),
      updatedAt: new Date(),
    }
  );
}

/** The windows offered from `from` for `days` days (within the lead time and the horizon), by date and start. */
export async function offeredWindows(executor: Executor, query: WindowsQuery): Promise<OfferedWindow[]> {
  const settings = await settingsOrDefaults(executor, query.companyId);
  const need = serviceNeed(settings, query.service);
  const now = query.now ?? new Date();
  const { timeZone } = await loadCompanySettings(query.companyId, executor);
  const { earliest, lastDay } = bookableSpan(settings, timeZone, now);
  const from = query.from > earliest.slice(0, 10) ? query.from : earliest.slice(0, 10);
  const requestedLast = addDays(query.from, query.days - 1);
  const to = requestedLast < lastDay ? requestedLast : lastDay;
  if (from > to) return [];
  const days = await loadBookingDays(executor, query.companyId, from, to, query.excludeJobId);
  const windows = [...settings.windows].sort((a, b) => a.start.localeCompare(b.start));
  const offered: OfferedWindow[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (capReached(days, settings, date)) continue;
    for (const window of windows) {
      const slot = { date, start: window.start, end: window.end };
      if (fit(days, need, query.place, slot, earliest, true)) offered.push(slot);
    }
  }
  return offered;
}

/**
 * The technician and time that fit the window best now, or null: none can make it, the day
 * is at its cap, or the window is outside the lead time and horizon. Call it in the
 * transaction that holds lockBookingDay for the date, and write the job in that transaction.
 */
export async function fitInWindow(tx: Executor, query: FitQuery): Promise<WindowFit | null> {
  const settings = await settingsOrDefaults(tx, query.companyId);
  const need = serviceNeed(settings, query.service);
  const days = await loadBookingDays(tx, query.companyId, query.date, query.date, query.excludeJobId);
  const { earliest, lastDay } = bookableSpan(settings, days.timeZone, query.now ?? new Date());
  if (query.date > lastDay || capReached(days, settings, query.date)) return null;
  return fit(
    days,
    need,
    query.place,
    { date: query.date, start: query.start, end: query.end },
    earliest,
    false,
  );
}

/**
 * Takes the company's lock for one date until the transaction ends: bookings (and
 * reschedules) of one day run one after the other, so two people never take its last place.
 */
export async function lockBookingDay(tx: Executor, companyId: string, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking:${companyId}:${date}`}, 0))`);
}
