/**
 * Writing one booking notice's row and its owed e-mail or text (docs/customers.md),
 * apart from ./record-notice.ts, which decides the notices, so that
 * ./cancellation.ts and ./series-notice.ts write through here without importing it back.
 */
import { db } from "../db/client";
import { customerNotices, type NoticeVisit } from "../db/schema";
import { hintMail, recordMail } from "../mail-outbox/record";
import type { NoticeChannel, NoticeKind } from "./keys";

/** Who a notice goes to: a customer of the company, or (customerId null) only a job's e-mail. */
export type NoticeRecipient = { customerId: string | null; email: string };

/** Who a text goes to: a customer, or (customerId null) only a job's phone; `phone` in E.164. */
export type TextRecipient = { customerId: string | null; phone: string };

/** What the row is about beyond its kind and key: a cancellation carries its visit. */
export type NoticeRecord = { kind: NoticeKind; dedupeKey: string; visit?: NoticeVisit };

/** The e-mail of a notice: see writeNotice. */
export function recordNotice(
  about: { companyId: string; jobId: string | null },
  recipient: NoticeRecipient,
  notice: NoticeRecord,
  delayMs = 0,
): Promise<string | undefined> {
  const to = { customerId: recipient.customerId, address: recipient.email, channel: "email" as const };
  return writeNotice(about, to, notice, delayMs);
}

/** The text message of a notice (docs/customers.md, "Text messages"): see writeNotice. */
export function recordText(
  about: { companyId: string; jobId: string | null },
  recipient: TextRecipient,
  notice: NoticeRecord,
  delayMs = 0,
): Promise<string | undefined> {
  const to = { customerId: recipient.customerId, address: recipient.phone, channel: "sms" as const };
  return writeNotice(about, to, notice, delayMs);
}

/**
 * Makes the notice's row for its channel unless its key exists there, and with a new row,
 * in the same transaction, its delivery owed in the mail outbox (`customer_notice` for an
 * e-mail, `customer_text` for a text), held back by delayMs (sendAfter, and the outbox row's
 * next_attempt_at); then wakes the worker for that moment.
 */
async function writeNotice(
  about: { companyId: string; jobId: string | null },
  to: { customerId: string | null; address: string; channel: NoticeChannel },
  notice: NoticeRecord,
  delayMs: number,
): Promise<string | undefined> {
  const sendAfter = delayMs > 0 ? new Date(Date.now() + delayMs) : null;
  const kind = to.channel === "sms" ? "customer_text" : "customer_notice";
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerNotices)
      .values({
        companyId: about.companyId,
        jobId: about.jobId,
        customerId: to.customerId,
        addressOnly: to.customerId === null,
        kind: notice.kind,
        channel: to.channel,
        dedupeKey: notice.dedupeKey,
        recipient: to.address,
        visit: notice.visit,
        sendAfter,
      })
      .onConflictDoNothing({
        target: [customerNotices.companyId, customerNotices.dedupeKey, customerNotices.channel],
      })
      .returning({ id: customerNotices.id });
    if (!row) return undefined;
    await recordMail(tx, { kind, subjectId: row.id, companyId: about.companyId, dueAt: sendAfter });
    return row.id;
  });
  if (!id) return undefined;
  await hintMail(kind, id, delayMs);
  return id;
}
