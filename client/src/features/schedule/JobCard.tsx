import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  EnvironmentOutlined,
  RetweetOutlined,
  SyncOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";
import type { DragEvent } from "react";
import { ConflictMark, conflictLabel } from "./ConflictMark";
import { formatDuration, formatTimeRange } from "./duration";
import {
  formatAmount,
  jobTypeClass,
  PAYMENT_LABELS,
  paymentTone,
  REPEATS_LABEL,
  STATUS_LABELS,
  statusTone,
} from "./jobStyle";
import { OnMyWayMark, onMyWayLabel } from "./OnMyWayMark";
import "./job-card.css";

export const JOB_DRAG_TYPE = "application/x-scheduler-job";

/** The status icon: completed green check, in progress blue, cancelled red, anything else grey. */
export function StatusIcon({ status }: { status: string }) {
  const tone = statusTone(status);
  const label = STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status;
  const props = {
    className: `job-status-icon job-status-icon--${tone}`,
    "aria-label": label,
    "data-testid": "job-status-icon",
    "data-tone": tone,
  };
  if (tone === "green") return <CheckCircleFilled {...props} />;
  if (tone === "blue") return <SyncOutlined {...props} />;
  if (tone === "red") return <CloseCircleFilled {...props} />;
  return <ClockCircleOutlined {...props} />;
}

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
    PAYMENT_LABELS[job.paymentStatus] ?? job.paymentStatus,
    job.amount ? formatAmount(job.amount) : "",
    STATUS_LABELS[job.status] ?? job.status,
    onMyWayLabel(job) ?? "",
    job.seriesId ? REPEATS_LABEL : "",
    conflictLabel(job),
  ]
    .filter(Boolean)
    .join(", ");
}

function RepeatIcon() {
  return (
    <span className="job-card__repeat" title="Recurring job" data-testid="job-repeat-icon">
      <RetweetOutlined aria-hidden />
      <span className="job-card__sr-only">{REPEATS_LABEL}</span>
    </span>
  );
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

/** One job on the board: type, location, time, amount, status icon and payment colour. */
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
    <>
      <span className="job-card__top">
        <span className="job-card__type">{job.type}</span>
        {job.seriesId ? <RepeatIcon /> : null}
        <StatusIcon status={job.status} />
      </span>
      <span className="job-card__time">
        {showDate && job.date ? `${job.date} · ` : ""}
        {job.time ? formatTimeRange(job.time, job.durationMinutes) : "Unscheduled"}
        <span className="job-card__length" data-testid="job-length">
          {" · "}
          {formatDuration(job.durationMinutes)}
        </span>
      </span>
      {job.customerName ? (
        // Who the visit is for: the office answers the phone by name (docs/customers.md).
        <span className="job-card__customer" title={job.customerName} data-testid="job-customer">
          <UserOutlined aria-hidden /> {job.customerName}
        </span>
      ) : null}
      <span className="job-card__location" title={job.location}>
        <EnvironmentOutlined /> {job.location}
      </span>
      <span className="job-card__bottom">
        <span
          className={`job-card__payment job-card__payment--${tone}`}
          data-testid="job-payment"
          data-tone={tone}
        >
          {PAYMENT_LABELS[job.paymentStatus] ?? job.paymentStatus}
        </span>
        {job.amount ? <span className="job-card__amount">{formatAmount(job.amount)}</span> : null}
      </span>
      <OnMyWayMark job={job} />
      <ConflictMark job={job} />
    </>
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
