/**
 * A job's change that the outbox could not send as it was (docs/offline.md): the office
 * changed the job meanwhile (keep mine / take theirs), or the server refused it (retry /
 * discard). Nothing is overwritten or dropped without the technician's say.
 */
import { Alert, Button } from "antd";
import { describeWork, type KeptWork } from "../offline/keptWork";
import { discardChange, keepMine, retryChange, takeTheirs } from "../offline/sender";

export function KeptChangeNote({ kept }: { kept: KeptWork }) {
  const { conflict, failed } = kept;
  if (conflict) {
    return (
      <Alert
        className="my-job__kept-note"
        type="warning"
        showIcon
        data-testid="my-job-conflict"
        title="Changed in the office while you were offline"
        description={`${conflict.reason ?? "The job changed."} Your change: ${describeWork(conflict.work)}. The card shows the job as it is now.`}
        action={
          <div className="my-job__kept-actions">
            <Button size="small" type="primary" onClick={() => void keepMine(conflict)}>
              Keep mine
            </Button>
            <Button size="small" onClick={() => void takeTheirs(conflict)}>
              Take theirs
            </Button>
          </div>
        }
      />
    );
  }
  if (failed) {
    return (
      <Alert
        className="my-job__kept-note"
        type="error"
        showIcon
        data-testid="my-job-failed"
        title={`Not sent: ${describeWork(failed.work)}`}
        description={failed.reason}
        action={
          <div className="my-job__kept-actions">
            <Button size="small" type="primary" onClick={() => void retryChange(failed)}>
              Retry
            </Button>
            <Button size="small" onClick={() => void discardChange(failed)}>
              Discard
            </Button>
          </div>
        }
      />
    );
  }
  return null;
}
