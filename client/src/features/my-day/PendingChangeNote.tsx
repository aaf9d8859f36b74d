import { Alert, Button } from "antd";
/**
 * A job's change that the outbox could not send as it was (docs/offline.md): the office
 * changed the job meanwhile (keep mine / take theirs), or the server refused it (retry /
 * discard). Nothing is overwritten or dropped without the technician's say.
 */
import type { QueuedJobChange } from "../../outbox/outbox";
import { describeWork, officeChanges, type PendingWork } from "../../outbox/pendingWork";
import { discardChange, keepMine, retryChange, takeTheirs } from "../../outbox/sender";

/** Who changed it, what the office changed field by field, and beside it the technician's own change. */
function ConflictDetails({ conflict }: { conflict: QueuedJobChange }) {
  const changes = officeChanges(conflict);
  return (
    <div className="my-job__conflict">
      <p>{conflict.reason ?? "The job changed."}</p>
      {changes.length > 0 ? (
        <dl className="my-job__conflict-changes" data-testid="my-job-office-changes">
          {changes.map((change) => (
            <div key={change.field} className="my-job__conflict-change">
              <dt>{change.label}</dt>
              <dd>
                <span className="my-job__conflict-was">{change.was}</span> → <strong>{change.now}</strong>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p data-testid="my-job-your-change">Your change: {describeWork(conflict.work)}.</p>
      <p>The card shows the job as it is now.</p>
    </div>
  );
}

export function PendingChangeNote({ kept }: { kept: PendingWork }) {
  const { conflict, failed } = kept;
  if (conflict) {
    return (
      <Alert
        showIcon
        className="my-job__kept-note"
        type="warning"
        data-testid="my-job-conflict"
        title="Changed in the office while you were offline"
        description={<ConflictDetails conflict={conflict} />}
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
        showIcon
        className="my-job__kept-note"
        type="error"
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
