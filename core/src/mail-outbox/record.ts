/**
 * The web side of the mail outbox (docs/reliability.md): a request that promises an e-mail
 * records it in its own transaction, so the e-mail is owed exactly when the change
 * committed; after the commit it only nudges a worker through the queue.
 */

import { noticeEmailJobId, noticeTextJobId } from "../customer-notices/keys";
import type { Executor } from "../db/client";
import { mailOutbox, type OutboxMailKind } from "../db/schema";
import { enqueueEmail, invitationEmailJobId, passwordResetEmailJobId } from "../queues";

/** An e-mail owed; `dueAt` holds it back (a notice waiting for its job to settle), else it is due now. */
export type OwedMail = {
  kind: OutboxMailKind;
  subjectId: string;
  companyId: string | null;
  dueAt?: Date | null;
};

/** Records, inside the caller's transaction, that the e-mail is owed (once per subject). */
export async function recordMail(tx: Executor, { dueAt, ...mail }: OwedMail): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ ...mail, ...(dueAt ? { nextAttemptAt: dueAt } : {}) })
    .onConflictDoNothing();
}

/**
 * After the commit: a wake-up through the queue, so the e-mail leaves at once rather than
 * at the worker's next poll. It may fail or be lost with Redis; the outbox row still stands.
 * delayMs holds the wake-up back like the row (a notice waiting for its job to settle).
 */
export function hintMail(kind: OutboxMailKind, subjectId: string, delayMs?: number): Promise<void> {
  switch (kind) {
    case "invitation":
      return enqueueEmail(
        "sendInvitationEmail",
        { invitationId: subjectId },
        invitationEmailJobId(subjectId),
      );
    case "password_reset":
      return enqueueEmail(
        "sendPasswordResetEmail",
        { resetId: subjectId },
        passwordResetEmailJobId(subjectId),
      );
    case "customer_notice":
      return enqueueEmail(
        "sendCustomerNotice",
        { noticeId: subjectId },
        noticeEmailJobId(subjectId),
        delayMs,
      );
    case "customer_text":
      return enqueueEmail("sendCustomerText", { noticeId: subjectId }, noticeTextJobId(subjectId), delayMs);
    case "invoice_sent":
      return enqueueEmail("sendInvoiceEmail", { invoiceId: subjectId }, `invoice-sent-${subjectId}`);
    case "invoice_text":
      return enqueueEmail("sendInvoiceText", { invoiceId: subjectId }, `invoice-text-${subjectId}`);
    case "invoice_reminder":
      return enqueueEmail("sendInvoiceReminder", { reminderId: subjectId }, `invoice-reminder-${subjectId}`);
    case "quote_sent":
      return enqueueEmail("sendQuoteEmail", { quoteId: subjectId }, `quote-sent-${subjectId}`);
    case "quote_text":
      return enqueueEmail("sendQuoteText", { quoteId: subjectId }, `quote-text-${subjectId}`);
    case "weekly_numbers":
      return enqueueEmail("sendWeeklyNumbers", { mailId: subjectId }, `weekly-numbers-${subjectId}`);
  }
}
