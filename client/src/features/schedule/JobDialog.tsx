import { DeleteOutlined } from "@ant-design/icons";
import type { JobDTO, JobType, TJobCreate } from "@sched/shared-types";
import { App, Button, Form, Modal, Popconfirm } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { formatDateTime, toISODate } from "../../lib/dates";
import { useCurrentCompany } from "../company/useCompanies";
import { JobFormFields, type JobFormValues } from "./JobFormFields";
import { type PhotoChange, PhotoPicker } from "./PhotoPicker";
import { type JobPatch, useCreateJob, useDeleteJob, useScheduleEmployees, useUpdateJob } from "./useJobs";
import { useIsSmallScreen } from "./useScheduleParams";
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
};

const DEFAULT_TIME = "09:00";

function initialValues(job: JobDTO | undefined, defaults: JobDialogDefaults = {}): JobFormValues {
  if (job) {
    return {
      employeeId: job.employeeId,
      type: job.type,
      location: job.location,
      date: job.date,
      time: job.time,
      description: job.description ?? "",
      status: job.status,
      paymentStatus: job.paymentStatus,
      amount: job.amount ?? "",
      customerEmail: job.customerEmail ?? "",
      customerPhone: job.customerPhone ?? "",
    };
  }
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
 * Add Job and Edit Job (SPEC section 2). Owners and admins edit everything; the
 * employee role changes the status and the photos only (the server refuses the rest).
 * Other screens open it too: the call log books a job from a call with `defaults`.
 */
export function JobDialog({ open, job, defaults, onClose, onSaved }: JobDialogProps) {
  const { notification } = App.useApp();
  const { companyId, role } = useCurrentCompany();
  const { active, all } = useScheduleEmployees(companyId);
  const [form] = Form.useForm<JobFormValues>();
  const isSmallScreen = useIsSmallScreen();
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const deleteJob = useDeleteJob();
  const [beforePhoto, setBeforePhoto] = useState<PhotoChange>(undefined);
  const [afterPhoto, setAfterPhoto] = useState<PhotoChange>(undefined);

  const isEdit = Boolean(job);
  const isProgressOnly = role === "employee";
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

  const update = (current: JobDTO, values: JobFormValues) => {
    const photos: JobPatch = {
      ...(beforePhoto !== undefined ? { beforePhoto } : {}),
      ...(afterPhoto !== undefined ? { afterPhoto } : {}),
    };
    const patch: JobPatch = isProgressOnly ? { status: values.status, ...photos } : { ...values, ...photos };
    updateJob.mutate(
      { id: current.id, patch },
      {
        onSuccess: (updated) => {
          notification.success({ title: "Success", description: "Job has been updated successfully." });
          saved(updated);
        },
        onError: () => {
          notification.error({ title: "Error", description: "Failed to update job. Please try again." });
        },
      },
    );
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
  );
}
