/**
 * Utilization per technician (docs/numbers.md): job time over the hours clocked by the
 * timesheets' own rules (./clocked-minutes.ts: an entry belongs to the day it started, every
 * length is real elapsed time), and drive share: the
 * estimated drive (shared-types' estimateDriveMinutes with the company's drive settings)
 * between each day's consecutive jobs that have places, over the hours clocked. The estimate,
 * not a routing engine: the same number every time it is asked.
 */
import { estimateDriveMinutes, type NumbersTechnicianItemDTO } from "@sched/shared-types";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { employees, timeEntries } from "../../db/schema";
import { clockedMinutes } from "./clocked-minutes";
import { employeeFilter, instantsOf, type NumbersScope, type RowsPage, shareOf } from "./period";

/** A job's first Start and last Complete, read once for the period (the taps stay in the database). */
type Worked = { employee_id: string; job_id: string; started_ms: number | null; completed_ms: number | null };

function groupBy<T>(rows: readonly T[], key: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

type PlacedJob = { employee_id: string; date: string; place_lat: number; place_lng: number };

/** Each technician's estimated drive between consecutive placed jobs of the same day. */
async function driveMinutes(scope: NumbersScope): Promise<Map<string, number>> {
  const result = await db.execute<PlacedJob>(sql`
    select j.employee_id, j.date::text as date, j.place_lat, j.place_lng from jobs j
    where j.company_id = ${scope.companyId} and j.date between ${scope.from} and ${scope.to}
      and j.status <> 'cancelled' and j.place_lat is not null${employeeFilter(scope, sql`j.employee_id`)}
    order by j.employee_id, j.date, j.time`);
  const totals = new Map<string, number>();
  let previous: PlacedJob | undefined;
  for (const job of result.rows) {
    if (previous && previous.employee_id === job.employee_id && previous.date === job.date) {
      const minutes = estimateDriveMinutes(
        { lat: Number(previous.place_lat), lng: Number(previous.place_lng) },
        { lat: Number(job.place_lat), lng: Number(job.place_lng) },
        scope.drive,
      );
      totals.set(job.employee_id, (totals.get(job.employee_id) ?? 0) + minutes);
    }
    previous = job;
  }
  return totals;
}

export async function utilizationNumbers(scope: NumbersScope) {
  const { start, end } = instantsOf(scope);
  const forCompany = eq(employees.companyId, scope.companyId);
  const people = await db
    .select({ id: employees.id, name: employees.name, isActive: employees.isActive })
    .from(employees)
    .where(scope.employeeId ? and(forCompany, eq(employees.id, scope.employeeId)) : forCompany)
    .orderBy(asc(employees.name));
  const one = scope.employeeId;
  const [entries, worked, drives] = await Promise.all([
    db
      .select({
        id: timeEntries.id,
        employeeId: timeEntries.employeeId,
        clockIn: timeEntries.clockIn,
        clockOut: timeEntries.clockOut,
        version: timeEntries.version,
      })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.companyId, scope.companyId),
          one ? eq(timeEntries.employeeId, one) : undefined,
          gte(timeEntries.clockIn, start),
          lt(timeEntries.clockIn, end),
        ),
      ),
    db.execute<Worked>(sql`
      -- Instants as epoch milliseconds (float8 reaches JavaScript as a number): parsing a month's
      -- thousands of timestamp texts with Date took longer than the query.
      select t.employee_id, t.job_id,
        (extract(epoch from min(t.at) filter (where t.kind = 'start')) * 1000)::float8 as started_ms,
        (extract(epoch from max(t.at) filter (where t.kind = 'complete')) * 1000)::float8 as completed_ms
      from job_taps t
      where t.company_id = ${scope.companyId} and t.at >= ${start.toISOString()} and t.at < ${end.toISOString()}
        and t.kind in ('start', 'complete')${employeeFilter(scope, sql`t.employee_id`)}
      group by t.employee_id, t.job_id`),
    driveMinutes(scope),
  ]);
  const entriesOf = groupBy(entries, (entry) => entry.employeeId);
  const workedOf = groupBy(
    worked.rows.flatMap(({ employee_id, started_ms, completed_ms }) =>
      started_ms === null
        ? []
        : [
            {
              employee_id,
              started: new Date(started_ms),
              completed: completed_ms === null ? null : new Date(completed_ms),
            },
          ],
    ),
    (row) => row.employee_id,
  );
  return people
    .map((person) => {
      const { clocked, job } = clockedMinutes(
        entriesOf.get(person.id) ?? [],
        workedOf.get(person.id) ?? [],
        scope.timeZone,
        scope.now,
      );
      const drive = drives.get(person.id) ?? 0;
      return {
        employeeId: person.id,
        name: person.name,
        jobMinutes: job,
        clockedMinutes: clocked,
        rate: shareOf(job, clocked),
        driveMinutes: drive,
        driveShare: shareOf(drive, clocked),
        isActive: person.isActive,
      };
    })
    .filter((row) => row.isActive || row.clockedMinutes > 0 || row.driveMinutes > 0)
    .map(({ isActive: _, ...row }) => row);
}

/**
 * The technicians behind utilization, drive share and revenue per hour (the items list):
 * their job, clocked and drive minutes add up to the figure's parts. Revenue per hour is the
 * company's, so its scope comes without a technician (items.ts).
 */
export async function technicianItems(
  scope: NumbersScope,
  page: RowsPage,
): Promise<{ total: number; items: NumbersTechnicianItemDTO[] }> {
  const rows = await utilizationNumbers(scope);
  const shown = page ? rows.slice((page.page - 1) * page.pageSize, page.page * page.pageSize) : rows;
  return {
    total: rows.length,
    items: shown.map(({ employeeId, ...row }) => ({ kind: "technician" as const, id: employeeId, ...row })),
  };
}
