/**
 * Whether a booking notice about a job still fits when the worker comes to send it
 * (docs/customers.md), the same for its e-mail and its text: each channel has its own row
 * and its own opt-out, so `refusal` is the channel's.
 */
import { reminderKey } from "@sched/core/customer-notices/keys";
import type { lastSentNotice } from "@sched/core/customer-notices/last-sent";
import { isScheduled, isUpcomingStatus } from "@sched/core/customer-notices/record-notice";
import { isVisitPast } from "@sched/core/customer-notices/visit-time";
import {
  type CustomerNoticeRow,
  hasLaterConfirmation,
  type loadNoticeJobFacts,
} from "@sched/core/queries/customer-notice-facts";

export type JobFacts = Awaited<ReturnType<typeof loadNoticeJobFacts>>;
type LastSent = Awaited<ReturnType<typeof lastSentNotice>>;

/** Why this notice should not go out any more, or undefined when it should. */
export async function reasonToSkip(
  notice: CustomerNoticeRow,
  found: JobFacts,
  lastSent: LastSent,
  settings: { isOn: boolean; timeZone: string },
  refusal: () => Promise<string | undefined>,
) {
  const job = found?.job;
  if (!job) return "job deleted";
  const refused = await refusal();
  if (refused) return refused;
  if (!isScheduled(job)) return "job unscheduled";
  if (!settings.isOn) return "notices turned off";
  if (notice.kind === "on_the_way") return job.status === "cancelled" ? "job cancelled" : undefined;
  // Reopened before the thanks went out: it is not done.
  if (notice.kind === "done") return job.status === "completed" ? undefined : "job reopened";
  if (!isUpcomingStatus(job.status)) return "job no longer upcoming";
  // A job dropped on a time already gone, or a notice held up past the visit: never news.
  if (isVisitPast(job.date, job.time, settings.timeZone)) return "visit in the past";
  if (notice.kind === "reminder" && notice.dedupeKey !== reminderKey(job)) return "job moved";
  if (notice.kind !== "confirmation") return undefined;
  if (await hasLaterConfirmation(notice)) return "moved again";
  // Moved away and back before it settled: the customer already knows this slot.
  if (lastSent?.kind === "confirmation" && lastSent.date === job.date && lastSent.time === job.time)
    return "unchanged";
  return undefined;
}
