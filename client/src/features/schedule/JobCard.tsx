import type { JobDTO } from "@sched/shared-types";
import type { DragEvent } from "react";
import { formatDuration, formatTimeRange } from "../../entities/job/duration";
import { JobContent, jobTagWords } from "../../entities/job/JobContent";
import { jobTypeClass, paymentTone, REPEATS_LABEL, STATUS_LABELS } from "../../entities/job/jobStyle";
import { ConflictMark, conflictLabel } from "./ConflictMark";
import { OnMyWayMark, onMyWayLabel } from "./OnMyWayMark";
import "./job-card.css";

export const JOB_DRAG_TYPE = "application/x-scheduler-job";

/**
 * The card's name: its visible words in their order (so a voice user can say what they
 * see, WCAG 2.5.3), then what only an icon shows: the status and a conflict.
 */
export function cardName(job: JobDTO, showDate: boolean): string {
  const time = job.time ? formatTimeRange(job.time, job.durationMinutes) : "Unscheduled";
  return [
    job.type,
    showDate && job.date ? `${job.date} · ${time}` : time,
    formatDuration(job.durationMinutes),
    job.customerName ?? "",
    job.location,
    ...jobTagWords(job),
    STATUS_LABELS[job.status] ?? job.status,
    onMyWayLabel(job) ?? "",
    job.seriesId ? REPEATS_LABEL : "",
    conflictLabel(job),
  ]
    .filter(Boolean)
    .join(", ");
}

type JobCardProps = {
  job: JobDTO;
  /** Clicking opens the job; absent on a read-only board. */
  onOpen?: (job: JobDTO) => void;
  /** Cards can be dragged to another cell (desktop Week View, office roles). */
  isDraggable?: boolean;
  /** Shown in lists that are not per employee (the Daily View groups already name them). */
  showDate?: boolean;
};

/** One job on the board: its content (JobContent.tsx) in a card the office opens and drags. */
export function JobCard({ job, onOpen, isDraggable = false, showDate = false }: JobCardProps) {
  const tone = paymentTone(job.paymentStatus);
  const className = [
    "job-card",
    jobTypeClass(job.type),
    `job-card--pay-${tone}`,
    onOpen ? "job-card--clickable" : "",
    job.status === "cancelled" ? "job-card--cancelled" : "",
    conflictLabel(job) ? "job-card--conflict" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const onDragStart = (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.setData(JOB_DRAG_TYPE, job.id);
    event.dataTransfer.effectAllowed = "move";
  };
  const content = (
    <JobContent
      job={job}
      time={
        <span className="job-card__time">
          {showDate && job.date ? `${job.date} · ` : ""}
          {job.time ? formatTimeRange(job.time, job.durationMinutes) : "Unscheduled"}
          <span className="job-card__length" data-testid="job-length">
            {" · "}
            {formatDuration(job.durationMinutes)}
          </span>
        </span>
      }
      after={
        <>
          <OnMyWayMark job={job} />
          <ConflictMark job={job} />
        </>
      }
    />
  );
  const data = {
    className,
    "data-testid": "job-card",
    "data-job-id": job.id,
    "data-status": job.status,
    "data-payment": job.paymentStatus,
  };
  // Read-only boards show the card as plain content; otherwise it is a button that opens the job.
  if (!onOpen) return <div {...data}>{content}</div>;
  return (
    <button
      type="button"
      {...data}
      draggable={isDraggable}
      onDragStart={isDraggable ? onDragStart : undefined}
      onClick={() => onOpen(job)}
      aria-label={cardName(job, showDate)}
    >
      {content}
    </button>
  );
}
