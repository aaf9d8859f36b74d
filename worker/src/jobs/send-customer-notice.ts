/**
 * Job `sendCustomerNotice` {noticeId}: e-mails one booking notice once (docs/customers.md).
 * Like the invitation e-mail, the handler reloads everything, skips a
 * row already sent, and records sentAt right after the SMTP server accepts the message
 * (../mail/deliver-notice.ts).
 *
 * A notice that no longer fits (notices turned off, the customer unsubscribed, the job
 * deleted, cancelled or moved again since, or back where the customer was last told it
 * is) is deleted instead of sent. A change notice is queued to run once the job has been
 * still for the company's settle time, so only the last of several quick moves is sent.
 */

import { lastSentNotice } from "@sched/core/customer-notices/last-sent";
import { refusalOf } from "@sched/core/customer-notices/opt-out";
import { isScheduled, type ScheduledJob } from "@sched/core/customer-notices/record-notice";
import { renderVisitIcs } from "@sched/core/customer-notices/visit-ics";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import {
  type CustomerNoticeRow,
  loadCustomerNotice,
  loadNoticeJobFacts,
} from "@sched/core/queries/customer-notice-facts";
import { loadMessageSettings, messageValuesOf } from "@sched/core/texts/message-facts";
import { companyTimeFormat, ZEmailJobs } from "@sched/shared-types";
import type { Job } from "bullmq";
import { renderNoticeWords } from "../mail/customer-notice";
import { deliverNotice, deliverRendered, dropNotice } from "../mail/deliver-notice";
import { reasonToSkip } from "./notice-fit";
import { sendCancellation } from "./send-cancellation";
import { declinedWords } from "./send-declined";
import { sendSeriesNotice } from "./send-series-notice";

export { noticeMessageId } from "../mail/deliver-notice";

export type NoticeSendOutcome = "sent" | "gone" | "already-sent" | "skipped";

type NoticeRow = CustomerNoticeRow;

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
  const notice = await loadCustomerNotice(noticeId);
  if (!notice) return "gone";
  if (notice.sentAt) return "already-sent";
  if (notice.kind === "cancellation") return sendCancellation(notice);
  if (notice.kind === "declined") return sendDeclinedEmail(notice);
  if (notice.kind === "series_confirmation" || notice.kind === "series_change")
    return sendSeriesNotice(notice);

  const found = await loadNoticeJobFacts(notice);
  const settings = await loadCompanySettings(notice.companyId);
  const lastSent = notice.jobId ? await lastSentNotice(notice.companyId, notice.jobId) : undefined;
  const fit = { isOn: settings.customerNotices, timeZone: settings.timeZone };
  const skip = await reasonToSkip(notice, found, lastSent, fit, () =>
    refusalOf({ ...notice, email: notice.recipient }),
  );
  if (skip || !found || !isScheduled(found.job)) {
    await dropNotice(notice, skip);
    return "skipped";
  }
  const timeFormat = companyTimeFormat(settings);
  const { reviewUrl } = await loadMessageSettings(notice.companyId);
  const values = await messageValuesOf({
    ...found,
    job: found.job,
    timeZone: settings.timeZone,
    timeFormat,
    reviewUrl,
  });

  await deliverNotice(
    notice,
    {
      kind: notice.kind as "confirmation" | "reminder" | "on_the_way" | "done",
      // LastSent of this visit before (and not of its cancellation since): it moved.
      isMove: notice.kind === "confirmation" && lastSent?.kind === "confirmation",
      companyName: found.companyName,
      jobType: found.job.type,
      location: found.job.location,
      date: found.job.date,
      time: found.job.time,
      // The window promised, when there is one: the notice says it instead of the time.
      arrivalWindow: found.job.arrivalWindow ?? null,
      timeFormat,
      technicianName: found.technicianName,
      visitUrl: values.visitUrl ?? null,
      arrivalTime: values.arrivalTime ?? null,
      reviewUrl,
    },
    attachmentsOf(notice, found.job, found.companyName, settings.timeZone),
  );
  return "sent";
}

/** A declined online request by e-mail: the same words as its text (./send-declined.ts). */
async function sendDeclinedEmail(notice: NoticeRow): Promise<NoticeSendOutcome> {
  const words = await declinedWords(notice, () => refusalOf({ ...notice, email: notice.recipient }));
  if (words.skip !== undefined) {
    await dropNotice(notice, words.skip);
    return "skipped";
  }
  const subject = `${words.companyName} cannot take your booking`;
  const lines = words.message.split("\n");
  await deliverRendered(
    notice,
    (link) => renderNoticeWords({ subject, title: "Your booking request", lines }, words.companyName, link),
    [],
  );
  return "sent";
}
