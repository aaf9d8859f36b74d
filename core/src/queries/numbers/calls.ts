/**
 * Calls answered and booked (docs/numbers.md): the call records filed under the period's
 * dates, how many a job was booked from, and why the others were not, as far as the call
 * log can tell: `follow_up` (the call's customer has another job within 30 days of the
 * call: a question about work already planned), `estimate` (an estimate call), `no_job`.
 * Calls belong to the office, not to a technician: the figure ignores employeeId.
 */
import { REPEAT_VISIT_DAYS } from "@sched/shared-types";
import { type SQL, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { type NumbersScope, shareOf } from "./period";

/** Each call of the period with whether it was booked and, if not, why. */
export const callRowsSql = (scope: NumbersScope): SQL => sql`
  select c.id, c.call_date, c.call_time, c.customer_name, c.service_type,
    case
      when booked.yes then null
      when follow_up.yes then 'follow_up'
      when c.service_type = 'estimate' then 'estimate'
      else 'no_job'
    end as not_booked
  from call_record c
  -- LIMIT 1 keeps each probe an index lookup (a year's calls would otherwise hash every job).
  left join lateral (
    select true as yes from jobs j where j.call_record_id = c.id and j.company_id = c.company_id limit 1
  ) booked on true
  left join lateral (
    select true as yes from jobs j
    where c.customer_id is not null and j.customer_id = c.customer_id and j.company_id = c.company_id
      and j.date between c.call_date - ${REPEAT_VISIT_DAYS}::int and c.call_date + ${REPEAT_VISIT_DAYS}::int
    limit 1
  ) follow_up on true
  where c.company_id = ${scope.companyId} and c.call_date between ${scope.from} and ${scope.to}`;

type CountRow = { logged: number; booked: number; follow_up: number; estimate: number; no_job: number };

export async function callNumbers(scope: NumbersScope) {
  const result = await db.execute<CountRow>(sql`
    with calls as (${callRowsSql(scope)})
    select count(*)::int as logged,
      count(*) filter (where not_booked is null)::int as booked,
      count(*) filter (where not_booked = 'follow_up')::int as follow_up,
      count(*) filter (where not_booked = 'estimate')::int as estimate,
      count(*) filter (where not_booked = 'no_job')::int as no_job
    from calls`);
  const row = result.rows[0];
  return {
    logged: row.logged,
    booked: row.booked,
    rate: shareOf(row.booked, row.logged),
    notBookedByReason: { follow_up: row.follow_up, estimate: row.estimate, no_job: row.no_job },
  };
}
