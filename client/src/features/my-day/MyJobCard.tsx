import {
  CarOutlined,
  CheckOutlined,
  ContactsOutlined,
  EnvironmentOutlined,
  PhoneOutlined,
  PlayCircleOutlined,
} from "@ant-design/icons";
import { JOB_PHOTO_KINDS, type JobDTO, type JobPhotoKind } from "@sched/shared-types";
import { Button, Card, Tag } from "antd";
import { Link } from "react-router";
import { useCan } from "../../entities/company/useCompanies";
import { CustomerNotes } from "../../entities/job/CustomerNotes";
import { formatDuration } from "../../entities/job/duration";
import { ArrivalLine, JobFieldTags } from "../../entities/job/JobContent";
import { STATUS_LABELS, statusTone } from "../../entities/job/jobStyle";
import { formatTime, formatTimeOf } from "../../lib/dates";
import { errorMessage } from "../../lib/errorText";
import { staleAnswerOf } from "../../lib/staleChange";
import { useOutboxStore } from "../../outbox/outboxStore";
import { pendingWorkOf } from "../../outbox/pendingWork";
import { useFeedback } from "../../ui/feedback";
import { JobPhotoStrip } from "../job-photos/JobPhotoStrip";
import { FieldWarnings } from "./FieldWarnings";
import { JobMoneyToggle } from "./JobMoneyToggle";
import { directionsLink, mapsLink, telLink } from "./links";
import { PendingChangeNote } from "./PendingChangeNote";
import { positionForTap } from "./phonePosition";
import { useAskToOpenMaps } from "./useAskToOpenMaps";
import { type FieldWork, useFieldWork } from "./useMyDay";

/** antd's tag colours for the board's tones. */
const TAG_COLORS = {
  green: "green",
  blue: "blue",
  red: "red",
  grey: "default",
  yellow: "gold",
  orange: "orange",
} as const;

/** Which button a piece of work belongs to, for its spinner. */
function workKey(work: FieldWork): string {
  if ("onMyWay" in work) return "onMyWay";
  return work.status;
}

const DONE_MESSAGES: Record<string, string> = {
  onMyWay: "The office can see you are on your way.",
  in_progress: "Job started.",
  completed: "Job completed.",
};

const PHOTO_ADDED: Record<JobPhotoKind, string> = {
  before: "Before photo added.",
  after: "After photo added.",
};

/** A change kept on the phone while offline (docs/offline.md). */
const KEPT_OFFLINE = "Saved on this phone. It will be sent when you are back online.";

type MyJobCardProps = { job: JobDTO; isNext: boolean; isFocused: boolean };

/** One job as a technician works it: where, who, what, and big buttons for each step (docs/my-day.md). */
export function MyJobCard({ job: listed, isNext, isFocused }: MyJobCardProps) {
  const { message, notification } = useFeedback();
  // The job as the technician left it: changes still in the outbox laid over the listed job.
  const kept = pendingWorkOf(
    listed,
    useOutboxStore((state) => state.changes),
  );
  const job = kept.job;
  const fieldWork = useFieldWork();
  const askToOpenMaps = useAskToOpenMaps();
  const canDeletePhotos = useCan("manageJobs");
  const pending = fieldWork.isPending && fieldWork.variables ? workKey(fieldWork.variables.work) : null;
  const isOpen = job.status === "scheduled" || job.status === "in_progress";

  const record = (work: FieldWork) =>
    fieldWork.mutate(
      { job: listed, work },
      {
        onSuccess: (outcome) => {
          if ("kept" in outcome && !navigator.onLine) void message.info(KEPT_OFFLINE);
          else void message.success(DONE_MESSAGES[workKey(work)]);
          // On the way: directions are offered, never opened unasked.
          if ("onMyWay" in work) askToOpenMaps(listed.location, directionsLink(listed));
        },
        onError: (error) => {
          const stale = staleAnswerOf<JobDTO>(error);
          notification.error({
            title: stale ? "The job changed" : "Not saved",
            description: stale
              ? `${stale.message} It now shows the latest details: check them and try again.`
              : errorMessage(error, "Please try again."),
          });
        },
      },
    );

  const classes = ["my-job", isNext ? "is-next" : "", isFocused ? "is-focused" : "", `is-${job.status}`];
  return (
    // antd's small Card, as My hours above it (DayClock), the page's other boxes.
    <Card
      size="small"
      role="article"
      className={classes.filter(Boolean).join(" ")}
      data-testid="my-day-job"
      data-job-id={job.id}
      data-status={job.status}
    >
      {isNext ? <div className="my-job__next-label">Next job</div> : null}
      <div className="my-job__head">
        <span className="my-job__time">{job.time ? formatTime(job.time) : null}</span>
        <span className="my-job__length" data-testid="my-job-length">
          {formatDuration(job.durationMinutes)}
        </span>
        <span className="my-job__type">{job.type}</span>
        <Tag
          color={TAG_COLORS[statusTone(job.status)]}
          className="my-job__status"
          data-testid="my-job-status"
        >
          {STATUS_LABELS[job.status]}
        </Tag>
        {kept.waiting.length > 0 ? (
          <Tag color="gold" className="my-job__waiting" data-testid="my-job-waiting">
            Waiting to send
          </Tag>
        ) : null}
      </div>
      {job.customerName ? (
        <div className="my-job__customer" data-testid="my-job-customer-name">
          {job.customerName}
        </div>
      ) : null}
      <PendingChangeNote kept={kept} />

      <a
        className="my-job__address"
        href={mapsLink(job.location)}
        target="_blank"
        rel="noreferrer"
        onClick={(event) => {
          event.preventDefault();
          askToOpenMaps(job.location);
        }}
      >
        <EnvironmentOutlined aria-hidden /> {job.location}
      </a>
      <FieldWarnings job={job} />
      {job.customerPhone ? (
        <a className="my-job__phone" href={telLink(job.customerPhone)}>
          <PhoneOutlined aria-hidden /> {job.customerPhone}
        </a>
      ) : null}
      {job.customerId ? (
        // The customer's page: notes, gate codes, what was done there before (docs/customers.md).
        <Link className="my-job__phone" to={`/customers/${job.customerId}`} data-testid="my-job-customer">
          <ContactsOutlined aria-hidden /> Customer details
        </Link>
      ) : null}
      {job.description ? <p className="my-job__description">{job.description}</p> : null}
      {isOpen ? <CustomerNotes jobId={job.id} /> : null}
      {/* The window the customer was promised, or "Any time" (docs/schedule.md). */}
      <ArrivalLine job={job} />
      <div className="my-job__meta">
        {/* Payment, amount, priority: the tags every card shows (JobContent.tsx). */}
        <JobFieldTags job={job} />
        {job.onMyWayAt && isOpen ? (
          <span data-testid="my-job-on-my-way">On my way since {formatTimeOf(job.onMyWayAt)}</span>
        ) : null}
        {/* What the customer's visit page says too (docs/visits.md). */}
        {job.arrivalEstimateAt && job.status === "scheduled" ? (
          <span data-testid="my-job-arrival">Arriving about {formatTimeOf(job.arrivalEstimateAt)}</span>
        ) : null}
        {job.completedAt ? <span>Completed at {formatTimeOf(job.completedAt)}</span> : null}
      </div>

      {isOpen ? (
        <div className="my-job__actions">
          {job.status === "scheduled" && !job.onMyWayAt ? (
            <Button
              size="large"
              icon={<CarOutlined aria-hidden />}
              loading={pending === "onMyWay"}
              disabled={fieldWork.isPending}
              onClick={() => {
                // A position found in the last minutes, if the technician shares it: never waited for.
                const from = positionForTap();
                record(from ? { onMyWay: true, from } : { onMyWay: true });
              }}
            >
              On my way
            </Button>
          ) : null}
          {job.status === "scheduled" ? (
            <Button
              size="large"
              icon={<PlayCircleOutlined aria-hidden />}
              loading={pending === "in_progress"}
              disabled={fieldWork.isPending}
              onClick={() => record({ status: "in_progress" })}
            >
              Start
            </Button>
          ) : null}
          <Button
            size="large"
            type={isNext ? "primary" : "default"}
            icon={<CheckOutlined aria-hidden />}
            loading={pending === "completed"}
            disabled={fieldWork.isPending}
            onClick={() => record({ status: "completed" })}
          >
            Complete
          </Button>
        </div>
      ) : null}

      {job.status === "cancelled" ? null : (
        <div className="my-job__photos">
          {JOB_PHOTO_KINDS.map((kind) => (
            <JobPhotoStrip
              key={kind}
              job={listed}
              kind={kind}
              canAdd
              canDelete={canDeletePhotos}
              testId={`my-job-${kind}-photo`}
              onAdded={(outcome) =>
                outcome === "kept" && !navigator.onLine
                  ? void message.info(KEPT_OFFLINE)
                  : void message.success(PHOTO_ADDED[kind])
              }
            />
          ))}
        </div>
      )}
      {/* What was used on site and the payment at the door (docs/my-day.md). */}
      {job.status === "cancelled" ? null : <JobMoneyToggle job={listed} />}
    </Card>
  );
}
