import { ScheduleOutlined } from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Card } from "antd";
import { Link } from "react-router";
import { findJob, jobPath } from "../../entities/job/jobLink";
import { formatDate } from "../../lib/dates";
import { rootKey } from "../../lib/queryKeys";

/**
 * The jobs an approved quote became (docs/quotes.md): each a link to it on the board, or to
 * the board's Unscheduled tray while it has no day. Kept under the jobs' root, so a job event
 * reads them again.
 */
export function QuoteJobs({ companyId, jobIds }: { companyId: string; jobIds: string[] }) {
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: [...rootKey("jobs"), "of-quote", ...jobIds],
    queryFn: async () => {
      const found = await Promise.all(jobIds.map((id) => findJob(queryClient, companyId, id)));
      return jobIds.map((id, index): { id: string; job: JobDTO | null } => ({ id, job: found[index] }));
    },
    enabled: jobIds.length > 0,
  });
  if (jobIds.length === 0) return null;
  const listed = jobs.data ?? jobIds.map((id) => ({ id, job: null }));
  return (
    <Card size="small" className="quote-jobs" title="Jobs from this quote" data-testid="quote-jobs">
      <ul className="quote-lines">
        {listed.map(({ id, job }) => (
          <li key={id}>
            <Link to={job?.date ? jobPath(job, id, "schedule") : "/schedule"}>
              <ScheduleOutlined aria-hidden />{" "}
              {job
                ? `${job.type} · ${job.date ? formatDate(job.date) : "in the Unscheduled tray"}`
                : "Open the job on the board"}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
