import type { CallRecordDTO, JobDTO } from "@sched/shared-types";
import { Card, Empty, Tag } from "antd";
import { Link } from "react-router";
import { jobPath } from "../../entities/job/jobLink";
import { STATUS_LABELS } from "../../entities/job/jobStyle";
import { formatDate, formatTime } from "../../lib/dates";

const STATUS_COLORS: Record<string, string> = {
  completed: "success",
  cancelled: "default",
  in_progress: "processing",
};

type JobListProps = { title: string; jobs: JobDTO[]; empty: string; where: "my-day" | "schedule" };

/** A customer's jobs, each a link to it on the board (or on My Day for a technician). */
export function CustomerJobs({ title, jobs, empty, where }: JobListProps) {
  return (
    <Card
      size="small"
      title={<h2 className="customer-section__title">{title}</h2>}
      className="customer-section"
    >
      {jobs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul
          className="customer-history"
          data-testid={`customer-jobs-${title.toLowerCase().replace(/\s+/g, "-")}`}
        >
          {jobs.map((job) => (
            <li key={job.id} className="customer-history__item" data-testid="customer-job">
              <Link to={job.date ? jobPath(job, job.id, where) : "/schedule"}>
                <span className="customer-history__when">
                  {job.date
                    ? `${formatDate(job.date)}${job.time ? `, ${formatTime(job.time)}` : ""}`
                    : "Not scheduled yet"}
                </span>
                <span className="customer-history__what">
                  {job.type} · {job.location}
                </span>
              </Link>
              <Tag color={STATUS_COLORS[job.status] ?? "blue"}>{STATUS_LABELS[job.status] ?? job.status}</Tag>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The customer's calls, latest first, each a link to its day in the call log. */
export function CustomerCalls({ calls }: { calls: CallRecordDTO[] }) {
  return (
    <Card
      size="small"
      title={<h2 className="customer-section__title">Calls</h2>}
      className="customer-section"
    >
      {calls.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No calls from this customer yet." />
      ) : (
        <ul className="customer-history" data-testid="customer-calls">
          {calls.map((call) => (
            <li key={call.id} className="customer-history__item">
              <Link to={`/calls?date=${call.callDate}`}>
                <span className="customer-history__when">
                  {formatDate(call.callDate)}, {formatTime(call.callTime)}
                </span>
                <span className="customer-history__what">
                  {call.notes ?? (call.serviceType === "estimate" ? "Estimate" : "Service")}
                </span>
              </Link>
              {call.bookedJobIds.length > 0 ? <Tag color="success">Job booked</Tag> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
