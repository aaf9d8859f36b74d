/**
 * Booking notices are recorded, then queued (docs/customers.md, "Booking notices"). The
 * customer_notice row comes first, under its once-only key: whoever asks again (a repeated
 * save, the reminder sweep, a restart) finds the row and queues nothing new, and the
 * worker sends a row once (sentAt).
 */
import { and, eq, isNull } from "drizzle-orm";
import { findOrCreateCustomer } from "../commands/find-or-create-customer";
import { db } from "../db/client";
import { companySettings, customerNotices, customers, jobs } from "../db/schema";
import { logger } from "../logger";
import { enqueueEmail } from "../queues";
import { confirmationKey, type NoticeKind, noticeEmailJobId, onTheWayKey } from "./keys";

type JobRow = typeof jobs.$inferSelect;

/** What a job command just did, as the notices see it. */
export type JobNoticeChange =
  | { type: "created"; job: JobRow }
  | { type: "updated"; before: JobRow; after: JobRow };

type WantedNotice = { kind: NoticeKind; dedupeKey: string };

/** Visits that still happen: a cancelled or finished job is not confirmed or reminded of. */
export const isUpcomingStatus = (status: string) => status === "scheduled" || status === "in_progress";

/** A job with a date and a time (an unscheduled one has neither, docs/schedule.md). */
export type ScheduledJob = JobRow & { date: string; time: string };
export const isScheduled = (job: JobRow): job is ScheduledJob => job.date !== null && job.time !== null;

/** Which notices a change calls for, decided from the rows alone (no database). */
export function noticesFor(change: JobNoticeChange): WantedNotice[] {
  if (change.type === "created") {
    const { job } = change;
    return isScheduled(job) && isUpcomingStatus(job.status)
      ? [{ kind: "confirmation", dedupeKey: confirmationKey(job) }]
      : [];
  }
  const { before, after } = change;
  const wanted: WantedNotice[] = [];
  const isMoved = before.date !== after.date || before.time !== after.time;
  if (isMoved && isScheduled(after) && isUpcomingStatus(after.status)) {
    wanted.push({ kind: "confirmation", dedupeKey: confirmationKey(after) });
  }
  const isOnTheWay = after.onMyWayAt !== null && before.onMyWayAt?.getTime() !== after.onMyWayAt.getTime();
  if (isOnTheWay && isScheduled(after) && after.status !== "cancelled") {
    wanted.push({ kind: "on_the_way", dedupeKey: onTheWayKey(after) });
  }
  return wanted;
}

async function noticesAreOn(companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: companySettings.customerNotices })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  return row?.on ?? false;
}

export type NoticeRecipient = { customerId: string; email: string };

/**
 * Who a job's notices go to: the job's own e-mail, else its customer's. A job with an
 * e-mail and no customer gets one (found by phone or e-mail, or made), because the
 * unsubscribe link belongs to a customer. Undefined: no e-mail, or the customer opted out.
 */
export async function recipientOf(job: JobRow): Promise<NoticeRecipient | undefined> {
  let customer: { id: string; email: string | null; noticesOptedOutAt: Date | null } | undefined;
  if (job.customerId) {
    [customer] = await db
      .select({ id: customers.id, email: customers.email, noticesOptedOutAt: customers.noticesOptedOutAt })
      .from(customers)
      .where(and(eq(customers.id, job.customerId), eq(customers.companyId, job.companyId)));
  }
  const email = job.customerEmail?.trim() || customer?.email?.trim() || null;
  if (!email) return undefined;
  if (!customer) {
    customer = await findOrCreateCustomer(db, job.companyId, {
      name: email,
      email,
      phone: job.customerPhone,
    });
    // The link only fills an empty field, so it never bumps the version of a job being edited.
    await db
      .update(jobs)
      .set({ customerId: customer.id })
      .where(and(eq(jobs.id, job.id), isNull(jobs.customerId)));
  }
  if (customer.noticesOptedOutAt) return undefined;
  return { customerId: customer.id, email };
}

/** Makes the notice's row unless its key exists; queues its e-mail when the row is new. */
export async function recordNotice(
  job: Pick<JobRow, "id" | "companyId">,
  recipient: NoticeRecipient,
  notice: WantedNotice,
): Promise<string | undefined> {
  const [row] = await db
    .insert(customerNotices)
    .values({
      companyId: job.companyId,
      jobId: job.id,
      customerId: recipient.customerId,
      kind: notice.kind,
      dedupeKey: notice.dedupeKey,
      recipient: recipient.email,
    })
    .onConflictDoNothing({ target: [customerNotices.companyId, customerNotices.dedupeKey] })
    .returning({ id: customerNotices.id });
  if (!row) return undefined;
  await enqueueEmail("sendCustomerNotice", { noticeId: row.id }, noticeEmailJobId(row.id));
  return row.id;
}

/**
 * After a job command commits: records and queues the notices the change calls for. A
 * change that calls for none costs nothing; otherwise one settings read decides. A
 * failure is logged and never fails the save that already happened.
 */
export async function noticeJobChange(change: JobNoticeChange): Promise<void> {
  const wanted = noticesFor(change);
  if (wanted.length === 0) return;
  const job = change.type === "created" ? change.job : change.after;
  try {
    if (!(await noticesAreOn(job.companyId))) return;
    const recipient = await recipientOf(job);
    if (!recipient) return;
    for (const notice of wanted) await recordNotice(job, recipient, notice);
  } catch (error) {
    logger.error({ err: error, jobId: job.id }, "could not record a customer notice");
  }
}
