/**
 * Jobs (docs/numbers.md), by the job's scheduled date in the period: done (completed),
 * cancelled; rescheduled: jobs moved (date or time changed, or sent back to the tray) during
 * the period, from job_move; waitingOverAWeek: unscheduled jobs still waiting that were
 * already a week old at the period's end (or now, if sooner), company-wide since a waiting job
 * has no technician; repeatVisits: jobs of the period (not cancelled) whose customer had a
 * job completed in the 30 days before it.
 */
import { REPEAT_VISIT_DAYS, WAITING_DAYS } from "@sched/shared-types";
import { type SQL, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { employeeFilter, instantsOf, type NumbersScope } from "./period";

const periodJobs = (scope: NumbersScope) =>
  sql`j.company_id = ${scope.companyId} and j.date between ${scope.from} and ${scope.to}${employeeFilter(scope, sql`j.employee_id`)}`;

/** The jobs moved during the period, with their latest move. */
export const movedJobsSql = (scope: NumbersScope): SQL => {
  const { start, end } = instantsOf(scope);
  return sql`
    select distinct on (m.job_id) m.job_id, m.from_date::text as from_date, m.from_time,
      m.to_date::text as to_date, m.to_time, m.moved_at
    from job_move m
    where m.company_id = ${scope.companyId} and m.moved_at >= ${start.toISOString()} and m.moved_at < ${end.toISOString()}
      ${scope.employeeId ? sql`and exists (select 1 from jobs e where e.id = m.job_id and e.employee_id = ${scope.employeeId})` : sql``}
    order by m.job_id, m.moved_at desc`;
};

/** Unscheduled jobs already a week old at the period's end (or now). */
export const waitingSql = (scope: NumbersScope): SQL => {
  const { end } = instantsOf(scope);
  const asOf = new Date(Math.min(end.getTime(), scope.now.getTime()));
  const cutoff = new Date(asOf.getTime() - WAITING_DAYS * 24 * 60 * 60_000);
  return sql`j.company_id = ${scope.companyId} and j.date is null and j.status not in ('cancelled', 'completed')
    and j.created_at < ${cutoff.toISOString()}`;
};

/** A job of the period whose customer had a job completed in the 30 days before it. */
export const repeatSql = (scope: NumbersScope): SQL => sql`${periodJobs(scope)} and j.status <> 'cancelled'
  and j.customer_id is not null and exists (
    -- The jobs completed from 30 days before the period to its end are one range of
    -- jobs_company_date_idx, hashed by customer once: a probe per job (by jobs_customer_idx)
    -- read about 35 times the pages for a month (docs/numbers.md, "Speed").
    select 1 from jobs p
    where p.company_id = ${scope.companyId} and p.status = 'completed'
      and p.date between ${scope.from}::date - ${REPEAT_VISIT_DAYS}::int and ${scope.to}::date
      and p.customer_id = j.customer_id and p.id <> j.id
      and p.date between j.date - ${REPEAT_VISIT_DAYS}::int and j.date and (p.date, p.time) < (j.date, j.time))`;

export { periodJobs };

type CountRow = { done: number; cancelled: number; rescheduled: number; waiting: number; repeats: number };

export async function jobNumbers(scope: NumbersScope) {
  const result = await db.execute<CountRow>(sql`
    select period.done, period.cancelled,
      (select count(*) from (${movedJobsSql(scope)}) moved)::int as rescheduled,
      (select count(*) from jobs j where ${waitingSql(scope)})::int as waiting,
      (select count(*) from jobs j where ${repeatSql(scope)})::int as repeats
    from (
      -- Done and cancelled in one read of the period's jobs.
      select count(*) filter (where j.status = 'completed')::int as done,
        count(*) filter (where j.status = 'cancelled')::int as cancelled
      from jobs j where ${periodJobs(scope)}
    ) period`);
  const row = result.rows[0];
  return {
    done: row.done,
    cancelled: row.cancelled,
    rescheduled: row.rescheduled,
    waitingOverAWeek: row.waiting,
    repeatVisits: row.repeats,
  };
}
