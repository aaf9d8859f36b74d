/**
 * Delivers the e-mails requests recorded in the mail outbox (docs/reliability.md). The
 * poll takes due rows from PostgreSQL alone, so e-mail goes out while Redis is away or
 * after it came back empty; the queue's job for the same e-mail is only a wake-up, and
 * both take the row the same way (core/src/mail-outbox/claim.ts), so it is sent once.
 */
import type { OutboxMailKind } from "@sched/core/db/schema";
import { logger } from "@sched/core/logger";
import { deliverClaimedMail } from "@sched/core/mail-outbox/claim";
import { outboxRowOf } from "@sched/core/queries/mail-subjects";
import { sendCustomerNotice } from "./jobs/send-customer-notice";
import { sendCustomerText } from "./jobs/send-customer-text";
import { sendInvitationEmail } from "./jobs/send-invitation-email";
import { sendInvoiceEmail, sendInvoiceReminder, sendInvoiceText } from "./jobs/send-invoice-mail";
import { sendPasswordResetEmail } from "./jobs/send-password-reset-email";
import { sendQuoteEmail, sendQuoteText } from "./jobs/send-quote";
import { sendWeeklyNumbers } from "./jobs/send-weekly-numbers";

/** How often an idle worker looks for owed e-mail; a busy one goes on while rows are due. */
export const OUTBOX_POLL_MS = 1000;

/** One poll's bound, so stopping never waits behind a long backlog. */
const POLL_BATCH = 50;

/** The handlers send each e-mail once (its row's sentAt) and say why they did not. */
const SENDERS: Record<OutboxMailKind, (subjectId: string) => Promise<string>> = {
  invitation: (invitationId) => sendInvitationEmail({ data: { invitationId } }),
  password_reset: (resetId) => sendPasswordResetEmail({ data: { resetId } }),
  customer_notice: (noticeId) => sendCustomerNotice({ data: { noticeId } }),
  customer_text: (noticeId) => sendCustomerText({ data: { noticeId } }),
  invoice_sent: sendInvoiceEmail,
  invoice_reminder: sendInvoiceReminder,
  invoice_text: sendInvoiceText,
  weekly_numbers: sendWeeklyNumbers,
  quote_sent: sendQuoteEmail,
  quote_text: sendQuoteText,
};

/**
 * The queue's wake-up for one e-mail: sends it if it is owed and no other worker holds it.
 * An e-mail asked for before the outbox existed has no row and is sent as the job says.
 */
export async function deliverMail(kind: OutboxMailKind, subjectId: string): Promise<string> {
  const taken = await deliverClaimedMail({ kind, subjectId }, () => SENDERS[kind](subjectId));
  // A failure is on the row for the poll, and thrown for the queue's own retries.
  if (taken?.error) throw taken.error;
  if (taken) return taken.outcome;
  const row = await outboxRowOf(kind, subjectId);
  if (!row) return SENDERS[kind](subjectId);
  return row.sentAt ? "already-sent" : "being-sent";
}

/**
 * Sends the e-mails due at `now`, one row at a time; a failed send is recorded on its row
 * (tried again later) and the next is taken. Resolves with how many rows it took.
 */
export async function deliverDueMail(now = new Date()): Promise<number> {
  let taken = 0;
  while (taken < POLL_BATCH) {
    const done = await deliverClaimedMail("due", (row) => SENDERS[row.kind](row.subjectId), now);
    if (!done) break;
    if (done.error) logger.warn({ err: done.error, mailId: done.row.id }, "owed e-mail not sent yet");
    taken++;
  }
  return taken;
}

/** Polls the outbox until `stop()`, which waits for the e-mail being sent. */
export function startMailOutbox(everyMs = OUTBOX_POLL_MS) {
  let isStopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const poll = async () => {
    try {
      // A full batch means more may be due: look again at once.
      while (!isStopping && (await deliverDueMail()) >= POLL_BATCH) {}
    } catch (error) {
      // PostgreSQL away: the next poll tries again.
      logger.warn({ err: error }, "mail outbox poll failed");
    }
    if (!isStopping) timer = setTimeout(() => (current = poll()), everyMs);
  };
  current = poll();
  return {
    stop: async () => {
      isStopping = true;
      clearTimeout(timer);
      await current;
    },
  };
}
