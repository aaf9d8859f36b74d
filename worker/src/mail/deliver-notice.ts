/**
 * Sending one booking notice's e-mail and recording it sent, or dropping a notice that no
 * longer fits (docs/customers.md). sentAt is recorded right after the
 * SMTP server accepts the message, again if the database connection drops meanwhile
 * (./record-sent.ts); a repeat after a worker died in between carries the same Message-ID.
 */

import { dropUnsentNotice, recordNoticeSent } from "@sched/core/commands/settle-customer-notice";
import { config } from "@sched/core/config";
import { unsubscribeApiUrl, unsubscribeLink } from "@sched/core/customer-notices/unsubscribe-token";
import { logger } from "@sched/core/logger";
import type { CustomerNoticeRow } from "@sched/core/queries/customer-notice-facts";
import { type CustomerNoticeFacts, renderCustomerNotice } from "./customer-notice";
import { recordSent } from "./record-sent";
import { type Mail, sendMail } from "./transport";

type NoticeRow = CustomerNoticeRow;
type Attachment = { filename: string; content: string; contentType: string };

/** The same id on every attempt, so mail systems that saw a first copy can drop a repeat. */
export const noticeMessageId = (noticeId: string) =>
  `<customer-notice-${noticeId}@${new URL(config.appUrl).hostname}>`;

/** Deletes an unsent notice that should not go out; its key can be asked for again. */
export async function dropNotice(notice: NoticeRow, reason: string | undefined) {
  await dropUnsentNotice(notice.id);
  logger.info({ noticeId: notice.id, reason }, "customer notice dropped");
}

export async function deliverNotice(
  notice: NoticeRow,
  facts: Omit<CustomerNoticeFacts, "unsubscribeLink">,
  attachments: Attachment[],
) {
  return deliverRendered(
    notice,
    (link) => renderCustomerNotice({ ...facts, unsubscribeLink: link }),
    attachments,
  );
}

type Rendered = { subject: string; text: string; html: string };

/** Sends what `render` makes with the addressee's unsubscribe link, and records it sent. */
export async function deliverRendered(
  notice: NoticeRow,
  render: (unsubscribeLink: string) => Rendered,
  attachments: Attachment[],
) {
  // A customer's link, or the address's when the notice went to a job's e-mail alone.
  const to = { companyId: notice.companyId, customerId: notice.customerId, email: notice.recipient };
  // sendMail hands the message to nodemailer as is: Message-ID, headers and the .ics travel with it.
  const mail: Mail & Record<string, unknown> = {
    to: notice.recipient,
    ...render(unsubscribeLink(to)),
    messageId: noticeMessageId(notice.id),
    // One-click unsubscribe in the mail client itself (RFC 8058).
    list: { unsubscribe: { url: unsubscribeApiUrl(to), comment: "Unsubscribe" } },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    attachments,
  };
  await sendMail(mail);
  const sentAt = new Date();
  await recordSent(() => recordNoticeSent(notice.id, sentAt), { noticeId: notice.id });
  logger.info({ noticeId: notice.id, kind: notice.kind }, "customer notice sent");
}
