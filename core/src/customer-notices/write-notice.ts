/**
 * Writing one booking notice's row and its owed e-mail (docs/customers.md),
 * apart from ./record-notice.ts, which decides the notices, so that
 * ./cancellation.ts and ./series-notice.ts write through here without importing it back.
 */
import { db } from "../db/client";
import { customerNotices, type NoticeVisit } from "../db/schema";
import { hintMail, recordMail } from "../mail-outbox/record";
import type { NoticeKind } from "./keys";

/** Who a notice goes to: a customer of the company, or (customerId null) only a job's e-mail. */
export type NoticeRecipient = { customerId: string | null; email: string };

/** What the row is about beyond its kind and key: a cancellation carries its visit. */
export type NoticeRecord = { kind: NoticeKind; dedupeKey: string; visit?: NoticeVisit };

/**
 * Makes the notice's row unless its key exists, and with a new row, in the same
 * transaction, its e-mail in the mail outbox, held back by delayMs (sendAfter, and the
 * outbox row's next_attempt_at); then wakes the worker for that moment.
 */
export async function recordNotice(
  about: { companyId: string; jobId: string | null },
  recipient: NoticeRecipient,
  notice: NoticeRecord,
  delayMs = 0,
): Promise<string | undefined> {
  const sendAfter = delayMs > 0 ? new Date(Date.now() + delayMs) : null;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerNotices)
      .values({
        companyId: about.companyId,
        jobId: about.jobId,
        customerId: recipient.customerId,
        addressOnly: recipient.customerId === null,
        kind: notice.kind,
        dedupeKey: notice.dedupeKey,
        recipient: recipient.email,
        visit: notice.visit,
        sendAfter,
      })
      .onConflictDoNothing({ target: [customerNotices.companyId, customerNotices.dedupeKey] })
      .returning({ id: customerNotices.id });
    if (!row) return undefined;
    await recordMail(tx, {
      kind: "customer_notice",
      subjectId: row.id,
      companyId: about.companyId,
      dueAt: sendAfter,
    });
    return row.id;
  });
  if (!id) return undefined;
  await hintMail("customer_notice", id, delayMs);
  return id;
}
