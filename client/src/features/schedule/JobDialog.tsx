import { DeleteOutlined } from "@ant-design/icons";
import type { JobDTO, JobType, TJobCreate } from "@sched/shared-types";
import { Alert, App, Button, Form, Modal, Popconfirm } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { LinkButton } from "../../components/LinkButton";
import { useStaleChange } from "../../components/useStaleChange";
import { errorMessage } from "../../lib/api";
import { formatDateTime, toISODate } from "../../lib/dates";
import { useIsSmallScreen } from "../../lib/screen";
import { differingFields, intendedChange } from "../../lib/staleChange";
import { useCan, useCurrentCompany } from "../company/useCompanies";
import { JobFormFields, type JobFormValues } from "./JobFormFields";
import { type JobChangeValues, jobChangeLabels, jobChangeValues, jobFormValues } from "./jobChanges";
import { type PhotoChange, PhotoPicker } from "./PhotoPicker";
import { useCreateJob, useDeleteJob, useScheduleEmployees, useUpdateJob } from "./useJobs";
import "./job-dialog.css";

export type JobDialogDefaults = Partial<{
  employeeId: string;
  date: string;
  time: string;
  type: JobType;
  location: string;
  description: string;
  customerEmail: string;
  customerPhone: string;
  callRecordId: string;
}>;

export type JobDialogProps = {
  open: boolean;
  /** Edit mode when present. */
  job?: JobDTO;
  defaults?: JobDialogDefaults;
  onClose: () => void;
  onSaved?: (job: JobDTO) => void;
  /** Offers "Move to…" (the keyboard alternative to dragging the card) when present. */
  onMoveTo?: (job: JobDTO) => void;
};

const DEFAULT_TIME = "09:00";

function initialValues(job: JobDTO | undefined, defaults: JobDialogDefaults = {}): JobFormValues {
  if (job) return jobFormValues(job);
  return {
    employeeId: defaults.employeeId,
    type: defaults.type,
    location: defaults.location ?? "",
    date: defaults.date ?? toISODate(dayjs()),
    time: defaults.time ?? DEFAULT_TIME,
    description: defaults.description ?? "",
    status: "scheduled",
    paymentStatus: "pending",
    amount: "",
    customerEmail: defaults.customerEmail ?? "",
    customerPhone: defaults.customerPhone ?? "",
  };
}

/**
 * Add Job and Edit Job (docs/schedule.md). Those who may manage jobs edit everything;
 * the others (the employee role) change the status and the photos only (the server
 * refuses the rest).
 * Other screens open it too: the call log books a job from a call with `defaults`.
 * An edit saves what the user changed from the version they opened; when someone else
 * saved the job in between, the user chooses whose change stays (useStaleChange).
 */
export function JobDialog({ open, job, defaults, onClose, onSaved, onMoveTo }: JobDialogProps) {
  const { notification } = App.useApp();
  const { companyId } = useCurrentCompany();
  const isProgressOnly = !useCan("manageJobs");
  const { active, all, isPending: isLoadingEmployees } = useScheduleEmployees(companyId);
  const [form] = Form.useForm<JobFormValues>();
  const isSmallScreen = useIsSmallScreen();
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const deleteJob = useDeleteJob();
  const { resolveStale, staleDialog } = useStaleChange();
  const changeLabels = jobChangeLabels(all);
  const [beforePhoto, setBeforePhoto] = useState<PhotoChange>(undefined);
  const [afterPhoto, setAfterPhoto] = useState<PhotoChange>(undefined);

  const isEdit = Boolean(job);
  const showContact =
    isEdit || Boolean(defaults && ("customerEmail" in defaults || "customerPhone" in defaults));
  // An edited job may belong to someone no longer active: keep them selectable so the form shows them.
  const employees =
    job && !active.some((e) => e.id === job.employeeId)
      ? [...active, ...all.filter((e) => e.id === job.employeeId)]
      : active;

  const close = () => {
    setBeforePhoto(undefined);
    setAfterPhoto(undefined);
    onClose();
  };

  const saved = (result: JobDTO) => {
    onSaved?.(result);
    close();
  };

  const add = (values: JobFormValues) => {
    const payload = { ...values, companyId: companyId ?? undefined, callRecordId: defaults?.callRecordId };
    createJob.mutate(payload as TJobCreate, {
      onSuccess: (created) => {
        notification.success({ title: "Success", description: "Job has been added to the schedule." });
        saved(created);
      },
      onError: (error) => {
        notification.error({
          title: "Error",
          description: `Failed to add job: ${errorMessage(error, "Please try again.")}`,
        });
      },
    });
  };

  /** Saves `change` over `version`; a save by someone else in between opens the choice. */
  const saveChange = (opened: JobDTO, change: Partial<JobChangeValues>, version: number) => {
    updateJob.mutate(
      { id: opened.id, patch: { ...change, version } },
      {
        onSuccess: (updated) => {
          notification.success({ title: "Success", description: "Job has been updated successfully." });
          saved(updated);
        },
        onError: (error) => {
          const isStale = resolveStale<JobDTO>(error, {
            root: "jobs",
            describe: (current) => differingFields(change, jobChangeValues(current), changeLabels),
            onApply: (current) => saveChange(opened, change, current.version),
            onKeep: close,
          });
          if (isStale) return;
          notification.error({ title: "Error", description: "Failed to update job. Please try again." });
        },
      },
    );
  };

  const update = (opened: JobDTO, values: JobFormValues) => {
    const photos = {
      ...(beforePhoto !== undefined ? { beforePhoto } : {}),
      ...(afterPhoto !== undefined ? { afterPhoto } : {}),
    };
    const wanted: Partial<JobChangeValues> = isProgressOnly
      ? { status: values.status, ...photos }
      : { ...values, ...photos };
    saveChange(opened, intendedChange(jobChangeValues(opened), wanted, changeLabels), opened.version);
  };

  const remove = (current: JobDTO) => {
    deleteJob.mutate(current.id, {
      onSuccess: () => {
        notification.success({ title: "Job deleted", description: `${current.type} at ${current.location}` });
        close();
      },
      onError: () => {
        notification.error({ title: "Error", description: "Failed to delete job. Please try again." });
      },
    });
  };

  const footer = (
    <div className="job-dialog__footer">
      {job && !isProgressOnly ? (
        <Popconfirm
          title="Delete this job?"
          description="It will be removed from the schedule."
          okText="Delete"
          okButtonProps={{ danger: true, loading: deleteJob.isPending }}
          cancelText="Keep"
          onConfirm={() => remove(job)}
        >
          <Button danger icon={<DeleteOutlined />} className="job-dialog__delete">
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
      <Button onClick={close}>Cancel</Button>
      {job ? (
        <Button type="primary" loading={updateJob.isPending} onClick={() => form.submit()}>
          Update Job
        </Button>
      ) : (
        <Button type="primary" disabled={createJob.isPending} onClick={() => form.submit()}>
          {createJob.isPending ? "Adding..." : "Add Job"}
        </Button>
      )}
    </div>
  );

  return (
    <>
      <Modal
        open={open}
        title={isEdit ? "Edit Job" : "Add Job"}
        onCancel={close}
        footer={footer}
        destroyOnHidden
        className="job-dialog"
        // A phone gets the whole screen: fields and keyboard need every pixel.
        width={isSmallScreen ? "100%" : 600}
        centered={!isSmallScreen}
      >
        <Form<JobFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues(job, defaults)}
          onFinish={(values) => (job ? update(job, values) : add(values))}
          className="job-form"
          data-testid="job-form"
        >
          {!job && !isLoadingEmployees && employees.length === 0 ? (
            <Alert
              type="info"
              showIcon
              className="job-form__no-employees"
              data-testid="add-employee-first"
              title="Add an employee first"
              description="Every job is planned for someone on your team."
              action={
                <LinkButton to="/employees?add=1" type="primary">
                  Add Employee
                </LinkButton>
              }
            />
          ) : null}
          <JobFormFields employees={employees} isProgressOnly={isProgressOnly} showContact={showContact} />
          {job?.completedAt ? (
            <p className="job-form__completed">Completed {formatDateTime(job.completedAt)}</p>
          ) : null}
          {job ? (
            <div className="job-form__photos">
              <PhotoPicker
                label="Before photo"
                testId="before-photo"
                currentUrl={job.beforePhotoUrl}
                value={beforePhoto}
                onChange={setBeforePhoto}
              />
              <PhotoPicker
                label="After photo"
                testId="after-photo"
                currentUrl={job.afterPhotoUrl}
                value={afterPhoto}
                onChange={setAfterPhoto}
              />
            </div>
          ) : null}
        </Form>
      </Modal>
      {staleDialog}
    </>
  );
}
