/**
 * What the worker's notice sweep finds (docs/customers.md): tomorrow's
 * visits of the companies whose own clock has passed their reminder time.
 */
import { inArray, sql } from "drizzle-orm";
import { db } from "../db/client";
import { jobs } from "../db/schema";

/** One page of a sweep. */
const SWEEP_BATCH = 500;

export type JobRow = typeof jobs.$inferSelect;

/**
 * Jobs due a day-before reminder at `now`: in a company with notices on whose local time
 * (its time zone) has reached its reminder time, dated the company's tomorrow, still
 * upcoming, and still owed a reminder on a channel: an e-mail to an address that did not opt
 * out, or a text to a phone that did not (the worker checks the phone takes texts). Read a
 * page at a time after `afterId`, so jobs no channel can reach never crowd out the others. A
 * worker that was down at reminder time catches up the same evening.
 */
export async function listDueReminders(now = new Date(), afterId?: string): Promise<JobRow[]> {
  const at = now.toISOString();
  const owed = (channel: "email" | "sms") => sql`not exists (
        select 1 from customer_notice n
        where n.company_id = j.company_id
          and n.dedupe_key = 'reminder:' || j.id || ':' || j.date
          and n.channel = ${channel}
      )`;
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
      and j.id > ${afterId ?? "00000000-0000-0000-0000-000000000000"}::uuid
      and (
        (coalesce(nullif(trim(j.customer_email), ''), nullif(trim(c.email), '')) is not null
          and c.notices_opted_out_at is null
          and ${owed("email")})
        or (coalesce(nullif(trim(j.customer_phone), ''), c.phone_normalized) is not null
          and c.sms_opted_out_at is null
          and ${owed("sms")})
      )
    order by j.id
    limit ${SWEEP_BATCH}
  `);
  const ids = result.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(jobs).where(inArray(jobs.id, ids));
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The page size of listDueReminders: a full page means there may be more after its last id. */
export const REMINDER_PAGE = SWEEP_BATCH;
