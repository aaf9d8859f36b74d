/**
 * Days from done to paid (docs/numbers.md): for each invoice fully paid in the period, the
 * days from its work done (the latest completedAt of its jobs, as a date in the company's
 * zone) to the payment that brought its balance to zero. That payment's day is kept on the
 * invoice (`paid_on`, invoice-settlement.ts: its payments, net of their refunds, and credit
 * notes added in the order they came); an invoice a credit note closed was not paid and has
 * none, so it is left out, and so is one with no job done. Paid before the work was done
 * counts as 0 days.
 */
import { type SQL, sql } from "drizzle-orm";
import type { NumbersScope } from "./period";

/**
 * One row per invoice paid in the period: `invoice_id, paid_on, done_on, days` and what its
 * list shows (`number, bill_to, customer_id, currency, total`, read with it). The period's
 * paid invoices are one range of invoices_company_paid_idx, and each carries when its work
 * was done (`work_done_at`, kept by the database's triggers whenever a job's completion or an
 * invoice's jobs change: migration 0047), so no job is looked up (docs/numbers.md, "Speed").
 */
export const daysToPaidSql = (scope: NumbersScope): SQL => sql`
  select i.id as invoice_id, i.paid_on, d.done_on, greatest(i.paid_on - d.done_on, 0) as days,
    i.number, i.bill_to, i.customer_id, i.currency, i.total
  from invoices i
  cross join lateral (select (i.work_done_at at time zone ${scope.timeZone})::date as done_on) d
  where i.company_id = ${scope.companyId} and i.paid_on between ${scope.from} and ${scope.to}
    and i.work_done_at is not null`;
