/**
 * Booking notices are recorded with their e-mail owed in the mail outbox, then the worker
 * is woken (docs/customers.md). The customer_notice row comes under its
 * once-only key: whoever asks again (a repeated save, the reminder sweep, a restart) finds
 * the row and owes nothing new, and the worker sends a row once (sentAt).
 */
import { sameJobFieldValue } from "@sched/shared-types";
import { and, eq, isNull } from "drizzle-orm";
import { findCustomer } from "../commands/find-or-create-customer";
import { db } from "../db/client";
import { companySettings, customers, jobs } from "../db/schema";
import { logger } from "../logger";
import { recordCancellation } from "./cancellation";
import { confirmationKey, doneKey, type NoticeKind, onTheWayKey, TEXTED_KINDS } from "./keys";
import { refusalOf } from "./opt-out";
import { textRecipientOf } from "./text-recipient";
import { type NoticeRecipient, recordNotice, recordText } from "./write-notice";

// Kept importable from here, where the notices are decided.
export { type NoticeRecipient, type NoticeRecord, recordNotice, recordText } from "./write-notice";

type JobRow = typeof jobs.$inferSelect;

/** What a job command just did, as the notices see it. */
export type JobNoticeChange =
  | { type: "created"; job: JobRow }
  | { type: "updated"; before: JobRow; after: JobRow }
  | { type: "deleted"; job: JobRow };

/**
 * A notice a change calls for. One that settles waits until the job has been still for the
 * company's settle time; a cancellation's key depends on what the customer was told, so
 * it is found after the database is asked (./cancellation.ts).
 */
export type WantedNotice = { kind: NoticeKind; dedupeKey: string; settles: boolean };
type Wanted = WantedNotice | { kind: "cancellation"; settles: boolean };

/** Visits that still happen: a cancelled or finished job is not confirmed or reminded of. */
export const isUpcomingStatus = (status: string) => status === "scheduled" || status === "in_progress";

/** A job with a date and a time (an unscheduled one has neither, docs/schedule.md). */
export type ScheduledJob = JobRow & { date: string; time: string };
export const isScheduled = (job: JobRow): job is ScheduledJob => job.date !== null && job.time !== null;

const isVisit = (job: JobRow) => isScheduled(job) && isUpcomingStatus(job.status);

/** Which notices a change calls for, decided from the rows alone (no database). */
export function noticesFor(change: JobNoticeChange): Wanted[] {
  if (change.type === "created") {
    const { job } = change;
    return isVisit(job) && isScheduled(job)
      ? [{ kind: "confirmation", dedupeKey: confirmationKey(job), settles: false }]
      : [];
  }
  // Deleting is final: nothing to wait for.
  if (change.type === "deleted") return isVisit(change.job) ? [{ kind: "cancellation", settles: false }] : [];
  const { before, after } = change;
  const wanted: Wanted[] = [];
  // The customer was told the window when there is one: a new time inside the same window is
  // no news to them (the optimizer moves jobs so); a new window is (docs/schedule.md).
  const sameWindow = sameJobFieldValue(before.arrivalWindow, after.arrivalWindow);
  const isMoved =
    before.date !== after.date || !sameWindow || (!after.arrivalWindow && before.time !== after.time);
  if (isMoved && isVisit(after) && isScheduled(after)) {
    // An online request the office approves onto the board is confirmed at once (docs/booking.md).
    const isApproval = after.source === "online" && !isScheduled(before);
    wanted.push({ kind: "confirmation", dedupeKey: confirmationKey(after), settles: !isApproval });
  }
  // To the tray or cancelled: it may come back before it settles, and then nothing is said.
  if (isVisit(before) && (!isScheduled(after) || after.status === "cancelled")) {
    wanted.push({ kind: "cancellation", settles: true });
  }
  const isOnTheWay = after.onMyWayAt !== null && before.onMyWayAt?.getTime() !== after.onMyWayAt.getTime();
  if (isOnTheWay && isScheduled(after) && after.status !== "cancelled") {
    wanted.push({ kind: "on_the_way", dedupeKey: onTheWayKey(after), settles: false });
  }
  if (after.status === "completed" && before.status !== "completed" && isScheduled(after)) {
    wanted.push({ kind: "done", dedupeKey: doneKey(after), settles: false });
  }
  return wanted;
}

/** Whether notices are on, and how long a change waits: one read of the company's settings. */
export async function noticeSettings(companyId: string) {
  const [row] = await db
    .select({ on: companySettings.customerNotices, settleMinutes: companySettings.noticeSettleMinutes })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  return { isOn: row?.on ?? false, settleMs: (row?.settleMinutes ?? 10) * 60_000 };
}

/**
 * Who a job's notices go to: the job's own e-mail, else its customer's. A job with an e-mail
 * and no customer is linked to the company's customer with that phone or e-mail if there is
 * one; otherwise the notice goes to the address alone, and no customer is made for it (its
 * unsubscribe link names the address). Undefined: no e-mail, or it unsubscribed.
 */
export async function recipientOf(job: JobRow): Promise<NoticeRecipient | undefined> {
  let customer: { id: string; email: string | null } | undefined;
  if (job.customerId) {
    [customer] = await db
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(and(eq(customers.id, job.customerId), eq(customers.companyId, job.companyId)));
  }
  const email = job.customerEmail?.trim() || customer?.email?.trim() || null;
  if (!email) return undefined;
  if (!customer) {
    customer = await findCustomer(db, job.companyId, { phone: job.customerPhone, email });
    // The link only fills an empty field, so it never bumps the version of a job being edited.
    if (customer) {
      await db
        .update(jobs)
        .set({ customerId: customer.id })
        .where(and(eq(jobs.id, job.id), isNull(jobs.customerId)));
    }
  }
  const customerId = customer?.id ?? null;
  const refusal = await refusalOf({ companyId: job.companyId, customerId, addressOnly: !customer, email });
  return refusal ? undefined : { customerId, email };
}

/**
 * Records `wanted` for the job by e-mail and, for the kinds texted, by text message: each
 * channel to whom it reaches, once per key and channel (docs/customers.md).
 */
export async function recordOnEveryChannel(job: JobRow, wanted: WantedNotice[], settleMs: number) {
  if (wanted.length === 0) return;
  const about = { companyId: job.companyId, jobId: job.id };
  const recipient = await recipientOf(job);
  if (recipient) {
    for (const { kind, dedupeKey, settles } of wanted) {
      await recordNotice(about, recipient, { kind, dedupeKey }, settles ? settleMs : 0);
    }
  }
  const texted = wanted.filter((one) => TEXTED_KINDS.has(one.kind));
  const textTo = texted.length > 0 ? await textRecipientOf(job) : undefined;
  if (!textTo) return;
  for (const { kind, dedupeKey, settles } of texted) {
    await recordText(about, textTo, { kind, dedupeKey }, settles ? settleMs : 0);
  }
}

/**
 * After a job command commits: records and queues the notices the change calls for. A
 * change that calls for none costs nothing; otherwise one settings read decides. A
 * failure is logged and never fails the save that already happened.
 */
export async function noticeJobChange(change: JobNoticeChange): Promise<void> {
  const wanted = noticesFor(change);
  if (wanted.length === 0) return;
  const job = change.type === "updated" ? change.after : change.job;
  try {
    const { isOn, settleMs } = await noticeSettings(job.companyId);
    if (!isOn) return;
    for (const { settles } of wanted.filter((one) => one.kind === "cancellation")) {
      await recordCancellation(change.type === "deleted" ? null : job, job, settles ? settleMs : 0);
    }
    const others = wanted.filter((one): one is WantedNotice => one.kind !== "cancellation");
    await recordOnEveryChannel(job, others, settleMs);
  } catch (error) {
    logger.error({ err: error, jobId: job.id }, "could not record a customer notice");
  }
}
