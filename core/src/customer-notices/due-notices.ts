/**
 * What the worker's notice sweep finds (docs/customers.md): tomorrow's
 * visits of the companies whose own clock has passed their reminder time.
 */
import { inArray, sql } from "drizzle-orm";
import { db } from "../db/client";
import { jobs } from "../db/schema";

/** One sweep's bound; whatever is left waits for the next sweep. */
const SWEEP_BATCH = 500;

export type JobRow = typeof jobs.$inferSelect;

/**
 * Jobs due a day-before reminder at `now`: in a company with notices on whose local time
 * (its time zone) has reached its reminder time, dated the company's tomorrow, still
 * upcoming, with an e-mail, a customer who did not opt out, and no reminder yet. A worker
 * that was down at reminder time catches up the same evening.
 */
export async function listDueReminders(now = new Date()): Promise<JobRow[]> {
  const at = now.toISOString();
  const result = await db.execute<{ id: string }>(sql`
    select j.id
    from company_settings cs
    join jobs j
      on j.company_id = cs.company_id
     and j.date = (timezone(cs.time_zone, ${at}::timestamptz))::date + 1
    left join customers c on c.id = j.customer_id
    where cs.customer_notices
      and to_char(timezone(cs.time_zone, ${at}::timestamptz), 'HH24:MI') >= cs.reminder_time
      and j.status in ('scheduled', 'in_progress')
      and coalesce(nullif(trim(j.customer_email), ''), nullif(trim(c.email), '')) is not null
      and c.notices_opted_out_at is null
      and not exists (
        select 1 from customer_notice n
        where n.company_id = j.company_id
          and n.dedupe_key = 'reminder:' || j.id || ':' || j.date
      )
    order by j.date, j.time
    limit ${SWEEP_BATCH}
  `);
  const ids = result.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids));
}
