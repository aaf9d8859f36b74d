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

import { reminderKey } from "@sched/core/customer-notices/keys";
import { lastSentNotice } from "@sched/core/customer-notices/last-sent";
import { refusalOf } from "@sched/core/customer-notices/opt-out";
import { isScheduled, isUpcomingStatus, type ScheduledJob } from "@sched/core/customer-notices/record-notice";
import { renderVisitIcs } from "@sched/core/customer-notices/visit-ics";
import { isVisitPast } from "@sched/core/customer-notices/visit-time";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import {
  type CustomerNoticeRow,
  hasLaterConfirmation,
  loadCustomerNotice,
  loadNoticeJobFacts,
} from "@sched/core/queries/customer-notice-facts";
import { companyTimeFormat, ZEmailJobs } from "@sched/shared-types";
import type { Job } from "bullmq";
import { deliverNotice, dropNotice } from "../mail/deliver-notice";
import { sendCancellation } from "./send-cancellation";
import { sendSeriesNotice } from "./send-series-notice";

export { noticeMessageId } from "../mail/deliver-notice";

export type NoticeSendOutcome = "sent" | "gone" | "already-sent" | "skipped";

type NoticeRow = CustomerNoticeRow;
type LastSent = Awaited<ReturnType<typeof lastSentNotice>>;

/** Why this notice should not go out any more, or undefined when it should. */
async function reasonToSkip(
  notice: NoticeRow,
  found: Awaited<ReturnType<typeof loadNoticeJobFacts>>,
  lastSent: LastSent,
  isOn: boolean,
  timeZone: string,
) {
  const job = found?.job;
  if (!job) return "job deleted";
  const refusal = await refusalOf({ ...notice, email: notice.recipient });
  if (refusal) return refusal;
  if (!isScheduled(job)) return "job unscheduled";
  if (!isOn) return "notices turned off";
  if (notice.kind === "on_the_way") return job.status === "cancelled" ? "job cancelled" : undefined;
  if (!isUpcomingStatus(job.status)) return "job no longer upcoming";
  // A job dropped on a time already gone, or a notice held up past the visit: never news.
  if (isVisitPast(job.date, job.time, timeZone)) return "visit in the past";
  if (notice.kind === "reminder" && notice.dedupeKey !== reminderKey(job)) return "job moved";
  if (notice.kind !== "confirmation") return undefined;
  if (await hasLaterConfirmation(notice)) return "moved again";
  // Moved away and back before it settled: the customer already knows this slot.
  if (lastSent?.kind === "confirmation" && lastSent.date === job.date && lastSent.time === job.time)
    return "unchanged";
  return undefined;
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
  const notice = await loadCustomerNotice(noticeId);
  if (!notice) return "gone";
  if (notice.sentAt) return "already-sent";
  if (notice.kind === "cancellation") return sendCancellation(notice);
  if (notice.kind === "series_confirmation" || notice.kind === "series_change")
    return sendSeriesNotice(notice);

  const found = await loadNoticeJobFacts(notice);
  const settings = await loadCompanySettings(notice.companyId);
  const lastSent = notice.jobId ? await lastSentNotice(notice.companyId, notice.jobId) : undefined;
  const skip = await reasonToSkip(notice, found, lastSent, settings.customerNotices, settings.timeZone);
  if (skip || !found || !isScheduled(found.job)) {
    await dropNotice(notice, skip);
    return "skipped";
  }

  await deliverNotice(
    notice,
    {
      kind: notice.kind as "confirmation" | "reminder" | "on_the_way",
      // LastSent of this visit before (and not of its cancellation since): it moved.
      isMove: notice.kind === "confirmation" && lastSent?.kind === "confirmation",
      companyName: found.companyName,
      jobType: found.job.type,
      location: found.job.location,
      date: found.job.date,
      time: found.job.time,
      // The window promised, when there is one: the notice says it instead of the time.
      arrivalWindow: found.job.arrivalWindow ?? null,
      timeFormat: companyTimeFormat(settings),
      technicianName: found.technicianName,
    },
    attachmentsOf(notice, found.job, found.companyName, settings.timeZone),
  );
  return "sent";
}
