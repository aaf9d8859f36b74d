/**
 * A job as the Edit Job form holds it, and how its fields read to a person: what a
 * save changes, and what the dialog lists when someone else saved the job first
 * (docs/schedule.md).
 */
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { formatDay, formatTime } from "../../lib/dates";
import type { FieldLabels } from "../../lib/staleChange";
import { formatDuration } from "./duration";
import type { JobFormValues } from "./JobFormFields";
import { formatAmount, PAYMENT_LABELS, STATUS_LABELS } from "./jobStyle";

/** The form's fields and the photos: a new one is a data URL, null removes it, a URL is the stored one. */
export type JobChangeValues = JobFormValues & { beforePhoto?: string | null; afterPhoto?: string | null };

/** The Edit Job form's values for `job`. */
export function jobFormValues(job: JobDTO): JobFormValues {
  return {
    // An unscheduled job's slot reads as empty fields (docs/schedule.md).
    employeeId: job.employeeId ?? undefined,
    type: job.type,
    location: job.location,
    date: job.date ?? "",
    time: job.time ?? "",
    durationMinutes: job.durationMinutes,
    description: job.description ?? "",
    status: job.status,
    paymentStatus: job.paymentStatus,
    amount: job.amount ?? "",
    customerEmail: job.customerEmail ?? "",
    customerPhone: job.customerPhone ?? "",
    customerId: job.customerId,
  };
}

/** `job` as a save compares with it: the form's values and its photos. */
export function jobChangeValues(job: JobDTO): JobChangeValues {
  return { ...jobFormValues(job), beforePhoto: job.beforePhotoUrl, afterPhoto: job.afterPhotoUrl };
}

const photoText = (photo: string) => (photo.startsWith("data:") ? "A new photo" : "A photo");

/** The job's fields in the words of the board; employees by name (`employees` may include inactive ones). */
export function jobChangeLabels(employees: readonly EmployeeDTO[]): FieldLabels<JobChangeValues> {
  const nameOf = (id: string) => employees.find((employee) => employee.id === id)?.name ?? "Another employee";
  return {
    date: { label: "Date", show: formatDay },
    time: { label: "Time", show: formatTime },
    durationMinutes: { label: "Duration", show: formatDuration },
    employeeId: { label: "Employee", show: nameOf },
    type: { label: "Type" },
    location: { label: "Location" },
    status: { label: "Status", show: (status) => STATUS_LABELS[status] },
    paymentStatus: { label: "Payment", show: (payment) => PAYMENT_LABELS[payment] },
    amount: { label: "Amount", show: formatAmount },
    description: { label: "Description" },
    customerEmail: { label: "Customer email" },
    customerPhone: { label: "Customer phone" },
    beforePhoto: { label: "Before photo", show: photoText },
    afterPhoto: { label: "After photo", show: photoText },
  };
}
