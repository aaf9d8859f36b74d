/**
 * What a customer was last told about a job (docs/customers.md): the
 * newest notice sent about its slot, a confirmation or a cancellation. Found by key, which
 * names the job, so a deleted job's notices (their job_id emptied) still answer.
 */
import { and, desc, eq, isNotNull, like, or } from "drizzle-orm";
import { db } from "../db/client";
import { customerNotices } from "../db/schema";
import { type NoticeChannel, slotOfConfirmationKey } from "./keys";

export type ToldState = {
  noticeId: string;
  kind: "confirmation" | "cancellation";
  customerId: string | null;
  /** Sent to the job's e-mail alone (no customer). */
  addressOnly: boolean;
  recipient: string;
  date: string;
  time: string;
};

/** On `channel`: a cancellation goes by e-mail only, so what it answers to is the e-mail told. */
export async function lastSentNotice(
  companyId: string,
  jobId: string,
  channel: NoticeChannel = "email",
): Promise<ToldState | undefined> {
  const [row] = await db
    .select()
    .from(customerNotices)
    .where(
      and(
        eq(customerNotices.companyId, companyId),
        eq(customerNotices.channel, channel),
        isNotNull(customerNotices.sentAt),
        or(
          like(customerNotices.dedupeKey, `confirmation:${jobId}:%`),
          like(customerNotices.dedupeKey, `cancellation:${jobId}:%`),
        ),
      ),
    )
    .orderBy(desc(customerNotices.sentAt))
    .limit(1);
  if (!row) return undefined;
  const slot = row.kind === "cancellation" ? row.visit : slotOfConfirmationKey(row.dedupeKey);
  if (!slot) return undefined;
  return {
    noticeId: row.id,
    kind: row.kind === "cancellation" ? "cancellation" : "confirmation",
    customerId: row.customerId,
    addressOnly: row.addressOnly,
    recipient: row.recipient,
    date: slot.date,
    time: slot.time,
  };
}
