/**
 * A job the customer booked on the company's booking page (docs/booking-office.md): the job's
 * `source` is "online". Every card (board, timeline, My Day) marks it with a tag, and
 * its accessible name says "Online booking".
 */
import { GlobalOutlined } from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";

export const ONLINE_BOOKING_WORDS = "Online booking";

export const isOnlineBooking = (job: Pick<JobDTO, "source">) => job.source === "online";

export function OnlineTag({ job }: { job: Pick<JobDTO, "source"> }) {
  if (!isOnlineBooking(job)) return null;
  return (
    <span
      className="job-tag job-tag--plain job-tag--online"
      data-testid="job-online"
      title={ONLINE_BOOKING_WORDS}
    >
      <GlobalOutlined aria-hidden /> Online<span className="job-tag__sr-only"> booking</span>
    </span>
  );
}
