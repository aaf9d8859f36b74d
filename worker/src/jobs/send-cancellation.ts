/**
 * A cancellation's e-mail (docs/customers.md): the visit the customer
 * was told of is off. Sent from the visit the row carries, since the job may be deleted.
 * Dropped when the job came back onto the board before it settled, when the customer has
 * heard something newer since, or when the visit's time is already past.
 */
import { cancellationKey } from "@sched/core/customer-notices/keys";
import { lastSentNotice } from "@sched/core/customer-notices/last-sent";
import { refusalOf } from "@sched/core/customer-notices/opt-out";
import { isScheduled, isUpcomingStatus } from "@sched/core/customer-notices/record-notice";
import { renderVisitIcs } from "@sched/core/customer-notices/visit-ics";
import { isVisitPast } from "@sched/core/customer-notices/visit-time";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import {
  type CustomerNoticeRow,
  companyNameOf,
  loadNoticeJob,
} from "@sched/core/queries/customer-notice-facts";
import { companyTimeFormat } from "@sched/shared-types";
import { deliverNotice, dropNotice } from "../mail/deliver-notice";

type NoticeRow = CustomerNoticeRow;

/** The job id a cancellation's key names (its job_id is emptied when the job is deleted). */
export const jobIdOfKey = (key: string) => key.split(":")[1] ?? "";

/**
 * Why a cancellation should not go out any more, on its channel (an e-mail, or a text to a
 * customer told of the visit by text: ./send-customer-text.ts), or undefined when it should.
 */
export async function cancellationSkip(
  notice: NoticeRow,
  isOn: boolean,
  timeZone: string,
  refused: () => Promise<string | undefined>,
) {
  const visit = notice.visit;
  if (!visit) return "no visit";
  const refusal = await refused();
  if (refusal) return refusal;
  if (!isOn) return "notices turned off";
  const job = await loadNoticeJob(notice);
  if (job && isScheduled(job) && isUpcomingStatus(job.status)) return "back on the board";
  if (isVisitPast(visit.date, visit.time, timeZone)) return "visit in the past";
  const jobId = jobIdOfKey(notice.dedupeKey);
  const lastSent = await lastSentNotice(notice.companyId, jobId, notice.channel);
  if (!lastSent || cancellationKey(jobId, lastSent.noticeId) !== notice.dedupeKey)
    return "a newer notice was sent";
  return undefined;
}

export async function sendCancellation(notice: NoticeRow): Promise<"sent" | "skipped"> {
  const settings = await loadCompanySettings(notice.companyId);
  const skip = await cancellationSkip(notice, settings.customerNotices, settings.timeZone, () =>
    refusalOf({ ...notice, email: notice.recipient }),
  );
  const companyName = await companyNameOf(notice.companyId);
  if (skip || !notice.visit || companyName === undefined) {
    await dropNotice(notice, skip);
    return "skipped";
  }
  const { visit } = notice;
  const ics = renderVisitIcs({
    jobId: jobIdOfKey(notice.dedupeKey),
    version: visit.version,
    date: visit.date,
    time: visit.time,
    durationMinutes: visit.durationMinutes,
    timeZone: settings.timeZone,
    companyName: companyName,
    jobType: visit.type,
    location: visit.location,
    isCancelled: true,
  });
  await deliverNotice(
    notice,
    {
      kind: "cancellation",
      isMove: false,
      companyName: companyName,
      jobType: visit.type,
      location: visit.location,
      date: visit.date,
      time: visit.time,
      timeFormat: companyTimeFormat(settings),
      technicianName: null,
    },
    [{ filename: "visit.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  );
  return "sent";
}
