/**
 * A job's money on My Day (docs/my-day.md, "Items and payment"): its items and, once it is
 * on an open invoice, taking a payment. Loaded when a technician first opens it, so the
 * installed My Day stays light.
 */
import type { JobDTO } from "@sched/shared-types";
import { JobItems } from "./JobItems";
import { TakePayment } from "./TakePayment";
import "./job-money.css";

export default function JobMoney({ job }: { job: JobDTO }) {
  return (
    <div className="job-money" data-testid="job-money">
      <JobItems job={job} />
      <TakePayment job={job} />
    </div>
  );
}
