/**
 * Approving time off over booked jobs (docs/time-off.md): the office sees the
 * jobs the person has then before saying yes, and may re-plan a day of them at once with
 * the sick day's preview (Mark out…). Approving alone leaves the jobs where they are, with
 * the time-off warning.
 */
import type { JobDTO, TimeOffDTO } from "@sched/shared-types";
import { Button, Modal } from "antd";
import dayjs from "dayjs";
import { formatTime } from "../../lib/dates";
import { whenText } from "./timeOffModel";

const dayText = (date: string) => dayjs(date).format("ddd D MMM");

/** The days that have jobs, in order. */
const daysOf = (jobs: readonly JobDTO[]) => [...new Set(jobs.flatMap((job) => (job.date ? [job.date] : [])))];

export function ApproveTimeOffDialog(props: {
  off: TimeOffDTO;
  name: string;
  jobs: readonly JobDTO[];
  isApproving: boolean;
  /** Approve; with `replanDate`, then open the re-plan of that day. */
  onApprove: (replanDate: string | null) => void;
  onCancel: () => void;
}) {
  const { off, name, jobs, isApproving, onApprove, onCancel } = props;
  // The re-plan takes a whole day off: a part day's request is approved, then planned by hand.
  const canReplan = off.startTime === null;
  const count = `${jobs.length} job${jobs.length === 1 ? "" : "s"}`;
  return (
    <Modal
      open
      title={`Approve ${name}'s time off?`}
      onCancel={onCancel}
      data-testid="approve-time-off-dialog"
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="approve" loading={isApproving} onClick={() => onApprove(null)}>
          Approve only
        </Button>,
        ...(canReplan
          ? daysOf(jobs).map((date) => (
              <Button key={date} type="primary" loading={isApproving} onClick={() => onApprove(date)}>
                {`Approve and re-plan ${dayText(date)}`}
              </Button>
            ))
          : []),
      ]}
    >
      <p>
        {whenText(off)}: {name} has {count} booked then.
      </p>
      <ul className="approve-time-off__jobs" data-testid="approve-time-off-jobs">
        {jobs.map((job) => (
          <li key={job.id} data-testid="approve-time-off-job">
            {job.date ? dayText(job.date) : ""} {job.time ? formatTime(job.time) : ""} · {job.type},{" "}
            {job.location}
            {job.customerName ? ` · ${job.customerName}` : ""}
          </li>
        ))}
      </ul>
      <p>
        {canReplan
          ? "Approved alone, they stay with them and show the time-off warning. Re-planning a day opens its preview: nothing moves until you apply it."
          : "Approved, they stay with them and show the time-off warning."}
      </p>
    </Modal>
  );
}
