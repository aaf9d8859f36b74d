/**
 * A day plan's preview dialog (the sick day's re-plan, an optimized day): the words before
 * the preview, a spinner while it is worked out, the failure with Retry, else the preview
 * itself; Cancel and Apply below. Nothing changes until Apply.
 */
import { Alert, Button, Modal, Spin } from "antd";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/errorText";
import "./day-plan.css";

export type PlanDialogProps = {
  title: string;
  width: number | string;
  centered?: boolean;
  className?: string;
  /** What comes before the preview: what applying does, the dialog's switches. */
  intro: ReactNode;
  /** The preview is being worked out (its spinner's name: `pendingLabel`). */
  isPending: boolean;
  pendingLabel: string;
  /** Why the preview could not be worked out; Retry asks again. */
  error: Error | null;
  onRetry: () => void;
  /** The preview, once worked out. */
  children: () => ReactNode;
  canApply: boolean;
  isApplying: boolean;
  applyTestId?: string;
  onApply: () => void;
  onClose: () => void;
};

export function PlanDialog(props: PlanDialogProps) {
  let body: ReactNode;
  if (props.isPending) {
    body = (
      <div className="plan-dialog__loading">
        <Spin aria-label={props.pendingLabel} />
      </div>
    );
  } else if (props.error) {
    body = (
      <Alert
        type="error"
        showIcon
        title="Could not work out the day"
        description={errorMessage(props.error, "Please try again.")}
        action={<Button onClick={props.onRetry}>Retry</Button>}
      />
    );
  } else {
    body = props.children();
  }
  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onClose}
      width={props.width}
      centered={props.centered}
      destroyOnHidden
      className={props.className}
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          Cancel
        </Button>,
        <Button
          key="apply"
          type="primary"
          data-testid={props.applyTestId}
          loading={props.isApplying}
          disabled={!props.canApply}
          onClick={props.onApply}
        >
          Apply
        </Button>,
      ]}
    >
      {props.intro}
      {body}
    </Modal>
  );
}
