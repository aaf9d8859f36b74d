import { DeleteOutlined } from "@ant-design/icons";
import type { JobDTO } from "@sched/shared-types";
import { Button, Popconfirm } from "antd";
import { TrialLock } from "../../components/TrialLock";

type JobDialogFooterProps = {
  /** Edit mode when present. */
  job?: JobDTO;
  /** The employee role: status and photos only. */
  isProgressOnly: boolean;
  isTrialLocked: boolean;
  isCreating: boolean;
  isUpdating: boolean;
  isDeleting: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  onSaveToTray: () => void;
  onDelete: (job: JobDTO) => void;
  onMoveTo?: (job: JobDTO) => void;
};

/** The job dialog's buttons: Delete and Move to… on the left, Cancel and the save on the right. */
export function JobDialogFooter(props: JobDialogFooterProps) {
  const { job, isProgressOnly, isTrialLocked, isCreating, isUpdating, isDeleting } = props;
  const { onCancel, onSubmit, onSaveToTray, onDelete, onMoveTo } = props;
  return (
    <div className="job-dialog__footer">
      {job?.seriesId && !isProgressOnly ? (
        // The scope question is the confirmation for an occurrence of a recurring job.
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          className="job-dialog__delete"
          onClick={() => onDelete(job)}
        >
          Delete
        </Button>
      ) : job && !isProgressOnly ? (
        <Popconfirm
          title="Delete this job?"
          description="It will be removed from the schedule."
          okText="Delete"
          okButtonProps={{ danger: true, loading: isDeleting }}
          cancelText="Keep"
          onConfirm={() => onDelete(job)}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />} className="job-dialog__delete">
            Delete
          </Button>
        </Popconfirm>
      ) : null}
      {job && !isProgressOnly && onMoveTo ? (
        <Button onClick={() => onMoveTo(job)} data-testid="move-job">
          Move to…
        </Button>
      ) : null}
      <span className="job-dialog__spacer" />
      <Button onClick={onCancel}>Cancel</Button>
      {job ? (
        <TrialLock action={isProgressOnly ? "progressJobs" : "manageJobs"}>
          <Button type="primary" loading={isUpdating} onClick={onSubmit}>
            Update Job
          </Button>
        </TrialLock>
      ) : (
        <>
          {isProgressOnly ? null : (
            <Button
              disabled={isCreating || isTrialLocked}
              onClick={onSaveToTray}
              data-testid="save-to-unscheduled"
            >
              Save to Unscheduled
            </Button>
          )}
          <TrialLock action="manageJobs">
            <Button type="primary" disabled={isCreating} onClick={onSubmit}>
              {isCreating ? "Adding..." : "Add Job"}
            </Button>
          </TrialLock>
        </>
      )}
    </div>
  );
}
