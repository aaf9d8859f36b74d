/**
 * "Items" on a job of My Day (docs/my-day.md, "Items and payment"): the panel loads on the
 * first tap, so the installed My Day does not carry it; items still waiting on the phone
 * are counted on the button.
 */
import { DollarOutlined } from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";
import { Button } from "antd";
import { lazy, Suspense, useState } from "react";
import { useOutboxStore } from "../../outbox/outboxStore";

const JobMoney = lazy(() => import("../job-money/JobMoney"));

export function JobMoneyToggle({ job }: { job: JobDTO }) {
  const [isOpen, setOpen] = useState(false);
  const waiting = useOutboxStore(
    (state) => state.changes.filter((change) => change.kind === "item" && change.jobId === job.id).length,
  );
  const panelId = `job-money-${job.id}`;
  return (
    <div className="my-job__money">
      <Button
        size="large"
        block
        icon={<DollarOutlined aria-hidden />}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        {waiting > 0 ? `Items and payment · ${waiting} waiting` : "Items and payment"}
      </Button>
      {isOpen ? (
        <div id={panelId}>
          <Suspense fallback={null}>
            <JobMoney job={job} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
