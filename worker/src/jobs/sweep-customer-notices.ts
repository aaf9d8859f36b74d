/**
 * The notice sweep, every minute (docs/customers.md): records the
 * day-before reminders now due in each company's own time zone, by e-mail and by text,
 * each owed in the mail outbox. Rows are once-only per channel (their key) and a row is sent
 * once (sentAt), so running the sweep twice, or a worker restarted between two sweeps,
 * sends nothing twice.
 */
import { listDueReminders, REMINDER_PAGE } from "@sched/core/customer-notices/due-notices";
import { reminderKey } from "@sched/core/customer-notices/keys";
import {
  isScheduled,
  recipientOf,
  recordNotice,
  recordText,
} from "@sched/core/customer-notices/record-notice";
import { textRecipientOf } from "@sched/core/customer-notices/text-recipient";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

type JobRow = Awaited<ReturnType<typeof listDueReminders>>[number];

/** Records the job's reminder on each channel that reaches the customer; how many were new. */
async function remind(job: JobRow): Promise<number> {
  if (!isScheduled(job)) return 0;
  const about = { companyId: job.companyId, jobId: job.id };
  const notice = { kind: "reminder" as const, dedupeKey: reminderKey(job) };
  let made = 0;
  const recipient = await recipientOf(job);
  if (recipient && (await recordNotice(about, recipient, notice))) made++;
  const textTo = await textRecipientOf(job);
  if (textTo && (await recordText(about, textTo, notice))) made++;
  return made;
}

export async function sweepCustomerNotices(now = new Date()) {
  let reminders = 0;
  let afterId: string | undefined;
  for (;;) {
    const page = await listDueReminders(now, afterId);
    for (const job of page) {
      try {
        reminders += await remind(job);
      } catch (error) {
        // One job's trouble (a customer just deleted) must not hold up the others' reminders.
        logger.error({ err: error, jobId: job.id }, "could not record a reminder");
      }
    }
    if (page.length < REMINDER_PAGE) break;
    afterId = page[page.length - 1].id;
  }
  if (reminders > 0) logger.info({ reminders }, "customer notices swept");
  return { reminders };
}

export const sweepCustomerNoticesJob: JobHandler = () => sweepCustomerNotices();
