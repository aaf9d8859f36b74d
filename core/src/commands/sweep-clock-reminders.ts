/**
 * The bell's clock-out reminder (docs/timesheets.md): a technician still clocked in one hour
 * after the end of their working day (the company's workday end, in its time zone, on the
 * day they started) gets one bell entry, once per open day. The entry is claimed on the
 * time entry (clock_out_reminded_at) in the transaction that writes the bell row, so two
 * workers, or a retried job, never ring twice; it is announced after commit.
 */
import { DEFAULT_COMPANY_SETTINGS } from "@sched/shared-types";
import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { notifications } from "../db/schema";
import { presentNotification } from "../presenters/notifications";
import { publishToUser } from "../publish";

/** How long after the working day's end a day still open is reminded. */
export const CLOCK_OUT_REMINDER_DELAY = "1 hour";

/** "You are still clocked in since 8:02 AM. End your day on My Day when you have finished." */
export const clockOutReminderMessage = (since: string) =>
  `You are still clocked in since ${since}. End your day on My Day when you have finished.`;

type Due = { entryId: string; companyId: string; userId: string; since: string };

/**
 * The open days whose reminder is due at `now`, with the linked member to tell. The day's end
 * is the workday end on the date the day started; a day started after that end is reminded
 * after the next day's end.
 */
async function dueReminders(now: Date): Promise<Due[]> {
  const zone = sql`coalesce(cs.time_zone, ${DEFAULT_COMPANY_SETTINGS.timeZone})`;
  const end = sql`coalesce(cs.workday_end, ${DEFAULT_COMPANY_SETTINGS.workdayEnd})::time`;
  const dayEnd = sql`(((te.clock_in at time zone ${zone})::date + ${end}) at time zone ${zone})`;
  const result = await db.execute<Due>(sql`
    select te.id as "entryId", te.company_id as "companyId", cu.user_id as "userId",
      to_char(te.clock_in at time zone ${zone}, 'FMHH12:MI AM') as "since"
    from time_entries te
    join company_user cu on cu.company_id = te.company_id and cu.employee_id = te.employee_id
    left join company_settings cs on cs.company_id = te.company_id
    where te.clock_out is null and te.clock_out_reminded_at is null
      and (case when ${dayEnd} < te.clock_in then ${dayEnd} + interval '1 day' else ${dayEnd} end)
        + ${sql.raw(`interval '${CLOCK_OUT_REMINDER_DELAY}'`)} <= ${now.toISOString()}::timestamptz
    limit 500`);
  return result.rows;
}

/** Rings the bell for every due open day; returns how many were reminded. */
export async function sweepClockReminders(now = new Date()): Promise<number> {
  let reminded = 0;
  for (const due of await dueReminders(now)) {
    const row = await db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        update time_entries set clock_out_reminded_at = ${now.toISOString()}::timestamptz
        where id = ${due.entryId} and clock_out_reminded_at is null and clock_out is null
        returning id`);
      if (claimed.rows.length === 0) return undefined;
      const [entry] = await tx
        .insert(notifications)
        .values({
          companyId: due.companyId,
          recipientUserId: due.userId,
          kind: "timesheet.clock_out_reminder",
          message: clockOutReminderMessage(due.since),
        })
        .returning();
      return entry;
    });
    if (!row) continue;
    reminded += 1;
    publishToUser(row.recipientUserId, "notification.created", {
      ...presentNotification(row),
      companyId: due.companyId,
    });
  }
  return reminded;
}
