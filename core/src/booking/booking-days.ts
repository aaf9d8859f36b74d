/**
 * What the booking windows read of a company's days (docs/booking.md): the active roster
 * with their hours and skills, the scheduled jobs, the time off not declined, the requests
 * waiting for approval (each holds its suggested place) and the online bookings each day
 * already has (the daily cap). One read per span of days, through the executor given, so a
 * booking's transaction sees what its lock protects.
 */
import {
  type ConflictContext,
  type ConflictJob,
  fitsSkills,
  type LatLng,
  minutesOfDay,
} from "@sched/shared-types";
import { and, eq, gte, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { bookings, employees, jobs } from "../db/schema";
import { loadCompanySettings } from "../queries/company-settings";
import { CONFLICT_JOB_COLUMNS } from "../queries/job-warnings";
import { conflictTimeOffFor } from "../queries/time-off";

export type Technician = { id: string; skills: string[] };

export type BookingDays = {
  /** The conflict engine's context: hours, patterns, time off, skills, the drive model. */
  context: ConflictContext;
  timeZone: string;
  roster: Technician[];
  /** Each technician's busy slots per date, `${employeeId}|${date}`, by start. */
  busy: Map<string, ConflictJob[]>;
  /** Online bookings per date: online jobs on the board and requests waiting. */
  onlineCount: Map<string, number>;
  /** Technician days no start can use (windows.ts), found once per read. */
  closedDays: Map<string, boolean>;
};

const busyKey = (employeeId: string, date: string) => `${employeeId}|${date}`;

/** Where a booking row is, for the drive around it. */
const pointOf = (row: { placeLat: number | null; placeLng: number | null }): LatLng | null =>
  row.placeLat === null || row.placeLng === null ? null : { lat: row.placeLat, lng: row.placeLng };

async function inTurn(reads: readonly (() => Promise<unknown>)[]): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results;
}

export async function loadBookingDays(
  executor: Executor,
  companyId: string,
  from: string,
  to: string,
  excludeJobId?: string,
): Promise<BookingDays> {
  const notExcluded = excludeJobId ? ne(jobs.id, excludeJobId) : undefined;
  // One after the other: a transaction is one connection, and a public page's 20 visitors at
  // once must not each hold five of the pool's connections.
  const reads = [
    () => loadCompanySettings(companyId, executor),
    () =>
      executor
        .select({ id: employees.id, availability: employees.availability, skills: employees.skills })
        .from(employees)
        .where(and(eq(employees.companyId, companyId), eq(employees.isActive, true)))
        .orderBy(employees.id),
    () =>
      executor
        .select({ ...CONFLICT_JOB_COLUMNS, source: jobs.source })
        .from(jobs)
        .where(
          and(
            eq(jobs.companyId, companyId),
            gte(jobs.date, from),
            lte(jobs.date, to),
            isNotNull(jobs.employeeId),
            ne(jobs.status, "cancelled"),
            notExcluded,
          ),
        ),
    () => conflictTimeOffFor(companyId, from, to, executor),
    () =>
      executor
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.companyId, companyId),
            eq(bookings.status, "requested"),
            gte(bookings.requestedDate, from),
            lte(bookings.requestedDate, to),
            excludeJobId ? or(sql`${bookings.jobId} is null`, ne(bookings.jobId, excludeJobId)) : undefined,
          ),
        ),
  ] as const;
  const [settings, roster, dayJobs, timeOff, pending] = (await inTurn(reads)) as [
    Awaited<ReturnType<(typeof reads)[0]>>,
    Awaited<ReturnType<(typeof reads)[1]>>,
    Awaited<ReturnType<(typeof reads)[2]>>,
    Awaited<ReturnType<(typeof reads)[3]>>,
    Awaited<ReturnType<(typeof reads)[4]>>,
  ];
  const busy = new Map<string, ConflictJob[]>();
  const add = (job: ConflictJob & { employeeId: string; date: string }) => {
    const key = busyKey(job.employeeId, job.date);
    const list = busy.get(key);
    if (list) list.push(job);
    else busy.set(key, [job]);
  };
  const onlineCount = new Map<string, number>();
  const count = (date: string) => onlineCount.set(date, (onlineCount.get(date) ?? 0) + 1);
  for (const job of dayJobs) {
    if (job.employeeId && job.date) add({ ...job, employeeId: job.employeeId, date: job.date });
    if (job.source === "online" && job.date) count(job.date);
  }
  // A request waiting for the office holds the place it was suggested, as if booked.
  for (const request of pending) {
    count(request.requestedDate);
    if (!request.suggestedEmployeeId || !request.suggestedTime) continue;
    add({
      id: `booking:${request.id}`,
      employeeId: request.suggestedEmployeeId,
      date: request.requestedDate,
      time: request.suggestedTime,
      durationMinutes: request.durationMinutes,
      place: pointOf(request),
      requiredSkills: request.requiredSkills,
    });
  }
  for (const list of busy.values())
    list.sort((a, b) => minutesOfDay(a.time ?? "00:00") - minutesOfDay(b.time ?? "00:00"));
  const context: ConflictContext = {
    workingDays: settings.workingDays,
    workdayStart: settings.workdayStart,
    workdayEnd: settings.workdayEnd,
    drive: settings.drive,
    // Only active technicians are candidates: nobody inactive is ever placed.
    inactiveEmployeeIds: new Set(),
    availability: new Map(roster.map((employee) => [employee.id, employee.availability ?? []])),
    timeOff,
    employeeSkills: new Map(roster.map((employee) => [employee.id, employee.skills ?? []])),
  };
  return {
    context,
    timeZone: settings.timeZone,
    roster: roster.map(({ id, skills }) => ({ id, skills: skills ?? [] })),
    busy,
    onlineCount,
    closedDays: new Map(),
  };
}

/** The technician's busy slots on `date`, by start. */
export const busyOn = (days: BookingDays, employeeId: string, date: string): ConflictJob[] =>
  days.busy.get(busyKey(employeeId, date)) ?? [];

/** Every active technician holding all of `requiredSkills`. */
export const techniciansFor = (days: BookingDays, requiredSkills: readonly string[]) =>
  days.roster.filter((technician) => fitsSkills(requiredSkills, technician.skills));
