/**
 * The notice sweep, every minute (docs/customers.md): records the
 * day-before reminders now due in each company's own time zone, their e-mails owed in the
 * mail outbox. Rows are once-only (their key) and a row is sent once (sentAt), so running
 * the sweep twice sends nothing twice.
 */
import { listDueReminders } from "@sched/core/customer-notices/due-notices";
import { reminderKey } from "@sched/core/customer-notices/keys";
import { isScheduled, recipientOf, recordNotice } from "@sched/core/customer-notices/record-notice";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

export async function sweepCustomerNotices(now = new Date()) {
  let reminders = 0;
  for (const job of await listDueReminders(now)) {
    if (!isScheduled(job)) continue;
    try {
      const recipient = await recipientOf(job);
      if (!recipient) continue;
      if (
        await recordNotice({ companyId: job.companyId, jobId: job.id }, recipient, {
          kind: "reminder",
          dedupeKey: reminderKey(job),
        })
      )
        reminders++;
    } catch (error) {
      // One job's trouble (a customer just deleted) must not hold up the others' reminders.
      logger.error({ err: error, jobId: job.id }, "could not record a reminder");
    }
  }
  if (reminders > 0) logger.info({ reminders }, "customer notices swept");
  return { reminders };
}

export const sweepCustomerNoticesJob: JobHandler = () => sweepCustomerNotices();
