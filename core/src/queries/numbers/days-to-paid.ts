/**
 * Days from done to paid (docs/numbers.md): for each invoice fully paid in the period, the
 * days from its work done (the latest completedAt of its jobs, as a date in the company's
 * zone) to the payment that brought its balance to zero. That payment is found by adding the
 * invoice's payments (net of their refunds) and credit notes in the order they came; an
 * invoice a credit note closed was not paid, so it is left out, and so is one with no job
 * done. Paid before the work was done counts as 0 days.
 */
import { type SQL, sql } from "drizzle-orm";
import type { NumbersScope } from "./period";

/**
 * One row per invoice paid in the period: `invoice_id, paid_on, done_on, days`. Each step
 * reads the ids the step before found through `= any(array(...))`, so every table is read by
 * an index (the period's payments by payments_company_received_idx, then their invoices,
 * payments, credit notes and jobs by their keys), never scanned whole, whatever its size
 * (docs/numbers.md, "Speed"). The work done is looked up per paid invoice (a lateral join):
 * as a join of two steps the planner, which cannot count what `any(array(...))` finds,
 * guessed one row each and read the jobs once per invoice, 4 minutes for a month at 1M jobs.
 */
export const daysToPaidSql = (scope: NumbersScope): SQL => sql`
  with paid as materialized (
    select i.id, i.total from invoices i
    where i.id = any(array(
      select p.invoice_id from payments p
      where p.company_id = ${scope.companyId} and p.received_on between ${scope.from} and ${scope.to}
    )) and i.status = 'paid'
  ),
  events as (
    select p.invoice_id, p.received_on as on_date, p.created_at, p.amount - p.refunded as amount, true as is_payment
    from payments p where p.invoice_id = any(array(select id from paid))
    union all
    select c.invoice_id, c.issued_on, c.created_at, c.amount, false
    from credit_notes c where c.invoice_id = any(array(select id from paid))
  ),
  settling as materialized (
    select distinct on (invoice_id) invoice_id, on_date, is_payment from (
      select e.*, k.total, sum(e.amount) over (
        partition by e.invoice_id order by e.on_date, e.created_at rows unbounded preceding
      ) as settled
      from events e join paid k on k.id = e.invoice_id
    ) running
    where settled >= total order by invoice_id, on_date, created_at
  ),
  paid_in_period as materialized (
    select invoice_id, on_date from settling
    where is_payment and on_date between ${scope.from} and ${scope.to}
  )
  select s.invoice_id, s.on_date as paid_on, d.done_on, greatest(s.on_date - d.done_on, 0) as days
  from paid_in_period s
  cross join lateral (
    select (max(j.completed_at) at time zone ${scope.timeZone})::date as done_on
    from invoice_jobs ij join jobs j on j.id = ij.job_id
    where ij.invoice_id = s.invoice_id and j.completed_at is not null
  ) d
  where d.done_on is not null`;
