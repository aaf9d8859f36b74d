/**
 * What every job card shows (the board's card, the timeline's block, My Day's card), each
 * in its own layout around it: the fields come from the job's field list
 * (shared-types/src/job-fields.ts), so a new field shows on every card without touching them.
 */
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  EnvironmentOutlined,
  FieldTimeOutlined,
  RetweetOutlined,
  SyncOutlined,
  UserOutlined,
} from "@ant-design/icons";
import {
  arrivalWords,
  CARD_TAG_FIELDS,
  type JobDTO,
  type JobFieldName,
  jobFieldTone,
  showsCardTag,
} from "@sched/shared-types";
import type { ReactNode } from "react";
import { currentTimeFormat } from "../../lib/dates";
import { jobFieldWords, REPEATS_LABEL, STATUS_LABELS, statusTone } from "./jobStyle";
import { isOnlineBooking, ONLINE_BOOKING_WORDS, OnlineTag } from "./OnlineTag";
import "./job-content.css";

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

/** The test id of a field's tag: `job-payment-status`, `job-priority`. */
const tagTestId = (name: JobFieldName) => `job-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The tags' words, in order, for a card's accessible name. */
export function jobTagWords(job: JobDTO): string[] {
  const words = CARD_TAG_FIELDS.filter((name) => showsCardTag(name, job[name as keyof JobDTO])).map((name) =>
    jobFieldWords(name, job[name as keyof JobDTO]),
  );
  return isOnlineBooking(job) ? [ONLINE_BOOKING_WORDS, ...words] : words;
}

/**
 * The job's tags (payment, amount, priority…): a choice in its colour, with a dot and
 * words (not a colour alone, docs/accessibility.md). Each is one piece: a narrow card drops
 * a whole tag, never half of one.
 */
export function JobFieldTags({ job, children }: { job: JobDTO; children?: ReactNode }) {
  return (
    <span className="job-tags">
      {children}
      <OnlineTag job={job} />
      {CARD_TAG_FIELDS.map((name) => {
        const value = job[name as keyof JobDTO];
        if (!showsCardTag(name, value)) return null;
        const tone = jobFieldTone(name, value);
        return (
          <span
            key={name}
            className={tone ? `job-tag job-tag--${tone}` : "job-tag job-tag--plain"}
            data-testid={tagTestId(name)}
            data-value={String(value)}
            data-tone={tone ?? undefined}
          >
            {jobFieldWords(name, value)}
          </span>
        );
      })}
    </span>
  );
}

/**
 * When the technician comes, when it may move (docs/schedule.md, "Optimize a day"): "Arrive
 * 9–11 AM" in the company's time format, or "Any time"; nothing for a job that keeps its time.
 */
export function ArrivalLine({ job }: { job: JobDTO }) {
  const words = arrivalWords(job, currentTimeFormat());
  if (!words) return null;
  return (
    <span className="job-card__arrival" data-testid="job-arrival">
      <FieldTimeOutlined aria-hidden /> {words}
    </span>
  );
}

type JobContentProps = {
  job: JobDTO;
  /** The card's time, as its layout shows it: after the type, or first (`timeFirst`). */
  time: ReactNode;
  timeFirst?: boolean;
  /** Marks in the tags' row, ahead of the tags ("On my way", conflicts on a timeline block). */
  rowMarks?: ReactNode;
  /** Marks on lines of their own after the tags (the board's card). */
  after?: ReactNode;
};

/** The job's type, repeat and status, its time, customer, location and tags. */
export function JobContent({ job, time, timeFirst = false, rowMarks, after }: JobContentProps) {
  return (
    <>
      {timeFirst ? time : null}
      <span className="job-card__top">
        <span className="job-card__type">{job.type}</span>
        {job.seriesId ? (
          <span className="job-card__repeat" title="Recurring job" data-testid="job-repeat-icon">
            <RetweetOutlined aria-hidden />
            <span className="job-card__sr-only">{REPEATS_LABEL}</span>
          </span>
        ) : null}
        <StatusIcon status={job.status} />
      </span>
      {timeFirst ? null : time}
      <ArrivalLine job={job} />
      {job.customerName ? (
        // Who the visit is for: the office answers the phone by name (docs/customers.md).
        <span className="job-card__customer" title={job.customerName} data-testid="job-customer">
          <UserOutlined aria-hidden /> {job.customerName}
        </span>
      ) : null}
      <span className="job-card__location" title={job.location}>
        <EnvironmentOutlined aria-hidden /> {job.location}
      </span>
      <JobFieldTags job={job}>{rowMarks}</JobFieldTags>
      {after}
    </>
  );
}
