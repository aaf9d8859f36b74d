/**
 * Job `sendCustomerNotice` {noticeId}: e-mails one booking notice once (docs/customers.md,
 * "Booking notices"). Like the invitation e-mail, the handler reloads everything, skips a
 * row already sent, and records sentAt right after the SMTP server accepts the message,
 * again if the database connection drops meanwhile (../mail/record-sent.ts); a repeat after
 * a worker died in the milliseconds between carries the same Message-ID.
 *
 * A notice that no longer fits (notices turned off, the customer unsubscribed, the job
 * deleted, cancelled or moved again since) is deleted instead of sent: its key can never
 * come back, because keys name the job's version or date.
 */

import { config } from "@sched/core/config";
import { reminderKey } from "@sched/core/customer-notices/keys";
import { isScheduled, isUpcomingStatus, type ScheduledJob } from "@sched/core/customer-notices/record-notice";
import { unsubscribeApiUrl, unsubscribeLink } from "@sched/core/customer-notices/unsubscribe-token";
import { renderVisitIcs } from "@sched/core/customer-notices/visit-ics";
import { isVisitPast } from "@sched/core/customer-notices/visit-time";
import { db } from "@sched/core/db/client";
import { companies, customerNotices, customers, employees, jobs } from "@sched/core/db/schema";
import { logger } from "@sched/core/logger";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import { ZEmailJobs } from "@sched/shared-types";
import type { Job } from "bullmq";
import { and, eq, gt, isNotNull, isNull, lt, ne } from "drizzle-orm";
import { type CustomerNoticeFacts, renderCustomerNotice } from "../mail/customer-notice";
import { recordSent } from "../mail/record-sent";
import { type Mail, sendMail } from "../mail/transport";

export type NoticeSendOutcome = "sent" | "gone" | "already-sent" | "skipped";

type NoticeRow = typeof customerNotices.$inferSelect;

/** The same id on every attempt, so mail systems that saw a first copy can drop a repeat. */
export const noticeMessageId = (noticeId: string) =>
  `<customer-notice-${noticeId}@${new URL(config.appUrl).hostname}>`;

async function otherConfirmation(notice: NoticeRow, when: "earlier-sent" | "later") {
  const [found] = await db
    .select({ id: customerNotices.id })
    .from(customerNotices)
    .where(
      and(
        eq(customerNotices.companyId, notice.companyId),
        eq(customerNotices.jobId, notice.jobId!),
        eq(customerNotices.kind, "confirmation"),
        ne(customerNotices.id, notice.id),
        when === "later"
          ? gt(customerNotices.createdAt, notice.createdAt)
          : and(lt(customerNotices.createdAt, notice.createdAt), isNotNull(customerNotices.sentAt)),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** Why this notice should not go out any more, or undefined when it should. */
async function reasonToSkip(
  notice: NoticeRow,
  found: Awaited<ReturnType<typeof loadFacts>>,
  isOn: boolean,
  timeZone: string,
) {
  const job = found?.job;
  if (!job) return "job deleted";
  if (!found.customerId) return "customer deleted";
  if (!isScheduled(job)) return "job unscheduled";
  if (found.optedOutAt) return "customer unsubscribed";
  if (!isOn) return "notices turned off";
  if (notice.kind === "on_the_way") return job.status === "cancelled" ? "job cancelled" : undefined;
  if (!isUpcomingStatus(job.status)) return "job no longer upcoming";
  // A job dropped on a time already gone, or a notice held up past the visit: never news.
  if (isVisitPast(job.date, job.time, timeZone)) return "visit in the past";
  if (notice.kind === "reminder" && notice.dedupeKey !== reminderKey(job)) return "job moved";
  if (notice.kind === "confirmation" && (await otherConfirmation(notice, "later"))) return "moved again";
  return undefined;
}

async function loadFacts(notice: NoticeRow) {
  if (!notice.jobId || !notice.customerId) return undefined;
  const [found] = await db
    .select({
      job: jobs,
      companyName: companies.name,
      technicianName: employees.name,
      customerId: customers.id,
      optedOutAt: customers.noticesOptedOutAt,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(employees, eq(employees.id, jobs.employeeId))
    .leftJoin(customers, eq(customers.id, notice.customerId))
    .where(and(eq(jobs.id, notice.jobId), eq(jobs.companyId, notice.companyId)));
  return found;
}

function attachmentsOf(notice: NoticeRow, job: ScheduledJob, companyName: string, timeZone: string) {
  if (notice.kind !== "confirmation") return [];
  const ics = renderVisitIcs({
    jobId: job.id,
    version: job.version,
    date: job.date,
    time: job.time,
    durationMinutes: job.durationMinutes,
    timeZone,
    companyName,
    jobType: job.type,
    location: job.location,
  });
  return [
    { filename: "visit.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" },
  ];
}

export async function sendCustomerNotice(job: Pick<Job, "data">): Promise<NoticeSendOutcome> {
  const { noticeId } = ZEmailJobs.sendCustomerNotice.parse(job.data);
  const [notice] = await db.select().from(customerNotices).where(eq(customerNotices.id, noticeId));
  if (!notice) return "gone";
  if (notice.sentAt) return "already-sent";

  const found = await loadFacts(notice);
  const settings = await loadCompanySettings(notice.companyId);
  const skip = await reasonToSkip(notice, found, settings.customerNotices, settings.timeZone);
  if (skip || !found || !notice.customerId || !isScheduled(found.job)) {
    await db
      .delete(customerNotices)
      .where(and(eq(customerNotices.id, notice.id), isNull(customerNotices.sentAt)));
    logger.info({ noticeId, reason: skip }, "customer notice dropped");
    return "skipped";
  }

  const facts: CustomerNoticeFacts = {
    kind: notice.kind as CustomerNoticeFacts["kind"],
    isMove: notice.kind === "confirmation" && (await otherConfirmation(notice, "earlier-sent")),
    companyName: found.companyName,
    jobType: found.job.type,
    location: found.job.location,
    date: found.job.date,
    time: found.job.time,
    country: settings.country,
    technicianName: found.technicianName,
    unsubscribeLink: unsubscribeLink(notice.customerId),
  };
  // sendMail hands the message to nodemailer as is: Message-ID, headers and the .ics travel with it.
  const mail: Mail & Record<string, unknown> = {
    to: notice.recipient,
    ...renderCustomerNotice(facts),
    messageId: noticeMessageId(notice.id),
    // One-click unsubscribe in the mail client itself (RFC 8058).
    list: { unsubscribe: { url: unsubscribeApiUrl(notice.customerId), comment: "Unsubscribe" } },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    attachments: attachmentsOf(notice, found.job, found.companyName, settings.timeZone),
  };
  await sendMail(mail);
  const sentAt = new Date();
  await recordSent(
    () =>
      db
        .update(customerNotices)
        .set({ sentAt })
        .where(and(eq(customerNotices.id, notice.id), isNull(customerNotices.sentAt))),
    { noticeId },
  );
  logger.info({ noticeId, kind: notice.kind }, "customer notice sent");
  return "sent";
}
