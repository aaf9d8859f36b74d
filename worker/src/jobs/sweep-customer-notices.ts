/**
 * The notice sweep, every minute (docs/customers.md, "Booking notices"): records and queues
 * the day-before reminders now due in each company's own time zone, and queues again the
 * notices whose e-mail job never reached Redis. Rows are once-only (their key) and the
 * e-mail job sends a row once (sentAt), so running the sweep twice sends nothing twice.
 */
import { listDueReminders, listUnsentNotices } from "@sched/core/customer-notices/due-notices";
import { noticeEmailJobId, reminderKey } from "@sched/core/customer-notices/keys";
import { isScheduled, recipientOf, recordNotice } from "@sched/core/customer-notices/record-notice";
import { logger } from "@sched/core/logger";
import { enqueueEmail } from "@sched/core/queues";
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
  const unsent = await listUnsentNotices(now);
  for (const noticeId of unsent) {
    await enqueueEmail("sendCustomerNotice", { noticeId }, noticeEmailJobId(noticeId));
  }
  if (reminders > 0 || unsent.length > 0) {
    logger.info({ reminders, requeued: unsent.length }, "customer notices swept");
  }
  return { reminders, requeued: unsent.length };
}

export const sweepCustomerNoticesJob: JobHandler = () => sweepCustomerNotices();
