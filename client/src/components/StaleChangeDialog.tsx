import { Button, Modal } from "antd";
import type { FieldChange, FieldDifference } from "../lib/staleChange";
import "./stale-change.css";

type StaleChangeDialogProps = {
  /** The server's words: "Olive Owner changed this job since you opened it." */
  message: string;
  /** The fields the user's save and the current row disagree on. */
  differences: FieldDifference[];
  /** What the other person changed since the user opened it (empty: not told). */
  theirs?: FieldChange[];
  /** Drop the user's change; the current row stays. */
  onKeep: () => void;
  /** Save the user's change again, over the current row. */
  onApply: () => void;
  /** Closed without choosing (Escape, the close button): the user's form stays as it was. */
  onDismiss: () => void;
};

/**
 * Someone else saved first (docs/schedule.md): who
 * it was, what they changed (each field, before and theirs), each field where what is saved now and what the user wanted differ, and the
 * choice between their change and the user's. Loaded only when a save meets one.
 */
export default function StaleChangeDialog({
  message,
  differences,
  theirs = [],
  onKeep,
  onApply,
  onDismiss,
}: StaleChangeDialogProps) {
  return (
    <Modal
      open
      title="Changed since you opened it"
      onCancel={onDismiss}
      className="stale-change"
      width={480}
      footer={
        <div className="stale-change__actions">
          <Button onClick={onKeep} data-testid="stale-keep">
            Keep their change
          </Button>
          <Button type="primary" onClick={onApply} data-testid="stale-apply">
            Apply my change
          </Button>
        </div>
      }
    >
      <div data-testid="stale-change">
        <p className="stale-change__message">{message}</p>
        {theirs.length > 0 ? (
          <>
            <h3 className="stale-change__heading">What they changed</h3>
            <dl className="stale-change__fields" aria-label="What they changed" data-testid="stale-theirs">
              {theirs.map((change) => (
                <div key={change.field} className="stale-change__field" data-their-field={change.field}>
                  <dt className="stale-change__label">{change.label}</dt>
                  <dd className="stale-change__value">
                    <span className="stale-change__side">Before</span>
                    <span className="stale-change__text">{change.was}</span>
                  </dd>
                  <dd className="stale-change__value stale-change__value--theirs">
                    <span className="stale-change__side">Theirs</span>
                    <span className="stale-change__text">{change.now}</span>
                  </dd>
                </div>
              ))}
            </dl>
            <h3 className="stale-change__heading">Your change</h3>
          </>
        ) : null}
        {differences.length > 0 ? (
          <dl className="stale-change__fields" aria-label="What differs">
            {differences.map((difference) => (
              <div key={difference.field} className="stale-change__field" data-field={difference.field}>
                <dt className="stale-change__label">{difference.label}</dt>
                <dd className="stale-change__value">
                  <span className="stale-change__side">Now</span>
                  <span className="stale-change__text">{difference.now}</span>
                </dd>
                <dd className="stale-change__value stale-change__value--mine">
                  <span className="stale-change__side">Yours</span>
                  <span className="stale-change__text">{difference.mine}</span>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="stale-change__same">What you saved matches what is there now.</p>
        )}
      </div>
    </Modal>
  );
}
