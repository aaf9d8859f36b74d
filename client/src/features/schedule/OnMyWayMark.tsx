import { CarOutlined } from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";
import { formatTimeOf } from "../../lib/dates";

/**
 * "On my way at 9:05 AM, arriving about 9:25 AM" while the job is still to be done (the
 * arrival time when one was estimated: docs/visits.md); null otherwise.
 */
export function onMyWayLabel(job: JobDTO): string | null {
  const isOpen = job.status === "scheduled" || job.status === "in_progress";
  if (!job.onMyWayAt || !isOpen) return null;
  const arriving = job.arrivalEstimateAt ? `, arriving about ${formatTimeOf(job.arrivalEstimateAt)}` : "";
  return `On my way at ${formatTimeOf(job.onMyWayAt)}${arriving}`;
}

/**
 * The technician said "On my way" (My Day): the office's card says so with the time, in
 * every view, live (job.updated carries the job; docs/schedule.md).
 */
export function OnMyWayMark({ job }: { job: JobDTO }) {
  const label = onMyWayLabel(job);
  if (!label) return null;
  return (
    <span className="job-card__on-my-way" data-testid="job-on-my-way">
      <CarOutlined aria-hidden /> {label}
    </span>
  );
}
