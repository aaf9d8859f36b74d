/** The mail outbox keeps what it sent for a while, to answer "was it sent?" (docs/reliability.md). */
import { and, isNotNull, lt } from "drizzle-orm";
import { db } from "../db/client";
import { mailOutbox } from "../db/schema";

/** How long a row the worker is done with stays in the outbox. */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Removes the rows done with more than SENT_MAIL_KEPT_MS before `now`; resolves with how many. */
export async function sweepSentMail(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SENT_MAIL_KEPT_MS);
  const removed = await db
    .delete(mailOutbox)
    .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, before)))
    .returning({ id: mailOutbox.id });
  return removed.length;
}
