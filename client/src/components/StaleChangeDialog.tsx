import { Button, Modal } from "antd";
import type { ReactNode } from "react";
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
            <FieldSides
              label="What they changed"
              testId="stale-theirs"
              rowAttribute="data-their-field"
              sides={["Before", "Theirs"]}
              tone="theirs"
              rows={theirs.map((change) => ({
                field: change.field,
                label: change.label,
                values: [change.was, change.now],
              }))}
            />
            <h3 className="stale-change__heading">Your change</h3>
          </>
        ) : null}
        {differences.length > 0 ? (
          <FieldSides
            label="What differs"
            rowAttribute="data-field"
            sides={["Now", "Yours"]}
            tone="mine"
            rows={differences.map((difference) => ({
              field: difference.field,
              label: difference.label,
              values: [difference.now, difference.mine],
            }))}
          />
        ) : (
          <p className="stale-change__same">What you saved matches what is there now.</p>
        )}
      </div>
    </Modal>
  );
}

type FieldSidesProps = {
  label: string;
  testId?: string;
  /** The row's field name goes in this attribute (the specs find a field's row by it). */
  rowAttribute: "data-field" | "data-their-field";
  sides: readonly [string, string];
  tone: "mine" | "theirs";
  rows: { field: string; label: string; values: readonly [ReactNode, ReactNode] }[];
};

/** One list of fields, each with two values side by side: before and theirs, or now and yours. */
function FieldSides({ label, testId, rowAttribute, sides, tone, rows }: FieldSidesProps) {
  return (
    <dl className="stale-change__fields" aria-label={label} data-testid={testId}>
      {rows.map((row) => (
        <div key={row.field} className="stale-change__field" {...{ [rowAttribute]: row.field }}>
          <dt className="stale-change__label">{row.label}</dt>
          <dd className="stale-change__value">
            <span className="stale-change__side">{sides[0]}</span>
            <span className="stale-change__text">{row.values[0]}</span>
          </dd>
          <dd className={`stale-change__value stale-change__value--${tone}`}>
            <span className="stale-change__side">{sides[1]}</span>
            <span className="stale-change__text">{row.values[1]}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
