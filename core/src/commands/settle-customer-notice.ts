/**
 * The worker's two ends of a booking notice (worker/src/mail/deliver-notice.ts): sent, or
 * dropped because it no longer fits. Both touch an unsent row only, so a repeat is harmless.
 */
import { and, eq, isNull } from "drizzle-orm";
import { db } from "../db/client";
import { customerNotices } from "../db/schema";

/** Deletes an unsent notice that should not go out; its key can be asked for again. */
export async function dropUnsentNotice(noticeId: string) {
  await db
    .delete(customerNotices)
    .where(and(eq(customerNotices.id, noticeId), isNull(customerNotices.sentAt)));
}

export async function recordNoticeSent(noticeId: string, sentAt: Date) {
  await db
    .update(customerNotices)
    .set({ sentAt })
    .where(and(eq(customerNotices.id, noticeId), isNull(customerNotices.sentAt)));
}
