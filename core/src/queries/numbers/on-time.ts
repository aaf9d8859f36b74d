/**
 * On time (docs/numbers.md): the period's jobs (not cancelled) a technician tapped Start on,
 * judged by their first Start. The rule: with an arrival window promised, on time means
 * started by the window's end; without one, started at most ON_TIME_GRACE_MINUTES after the
 * job's time. A late job is late by the whole minutes (rounded up) after the window's end,
 * or after the time itself. The promised moment is the job date's wall-clock time in the
 * company's zone (PostgreSQL's `at time zone`), so a daylight-saving change moves nothing.
 */
import { ON_TIME_GRACE_MINUTES } from "@sched/shared-types";
import { type SQL, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { employeeFilter, type NumbersScope } from "./period";

/** The period's started jobs with their first Start and minutes late (0: on time). */
export const startedJobsSql = (scope: NumbersScope): SQL => sql`
  select j.id, j.employee_id, j.date::text as date, j.time, j.type, j.location, j.created_at,
    cu.name as customer_name,
    case when s.started > p.promised + make_interval(mins => p.grace)
      then ceil(extract(epoch from s.started - p.promised) / 60) else 0 end::int as late_minutes
  from jobs j
  -- The first Start is kept on the job (record-job-taps.ts): no lookup in job_taps per job.
  cross join lateral (select j.tapped_start_at as started) s
  cross join lateral (
    select (j.date + coalesce(j.arrival_window ->> 'end', j.time)::time) at time zone ${scope.timeZone} as promised,
      case when j.arrival_window is null then ${ON_TIME_GRACE_MINUTES}::int else 0 end as grace
  ) p
  left join customers cu on cu.id = j.customer_id
  where j.company_id = ${scope.companyId} and j.date between ${scope.from} and ${scope.to}
    and j.status <> 'cancelled' and j.tapped_start_at is not null${employeeFilter(scope, sql`j.employee_id`)}`;

type CountRow = { employee_id: string; jobs: number; late: number; late_total: number };

const average = (total: number, count: number) =>
  count === 0 ? null : Math.round((total / count) * 10) / 10;

export async function onTimeNumbers(scope: NumbersScope) {
  const result = await db.execute<CountRow>(sql`
    with started as (${startedJobsSql(scope)})
    select employee_id, count(*)::int as jobs, count(*) filter (where late_minutes > 0)::int as late,
      coalesce(sum(late_minutes), 0)::int as late_total
    from started group by employee_id order by employee_id`);
  const rows = result.rows;
  const sum = (key: "jobs" | "late" | "late_total") => rows.reduce((total, row) => total + row[key], 0);
  return {
    jobs: sum("jobs"),
    late: sum("late"),
    averageLateMinutes: average(sum("late_total"), sum("late")),
    byEmployee: rows.map((row) => ({
      employeeId: row.employee_id,
      jobs: row.jobs,
      late: row.late,
      averageLateMinutes: average(row.late_total, row.late),
    })),
  };
}
