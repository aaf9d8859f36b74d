/**
 * A job as the Edit Job form holds it, and how its fields read to a person: what a
 * save changes, and what the dialog lists when someone else saved the job first
 * (docs/schedule.md).
 */
import {
  CHOICE_FIELDS,
  type EmployeeDTO,
  JOB_FIELDS,
  type JobDTO,
  jobFieldText,
  pickJobFields,
} from "@sched/shared-types";
import { formatDay, formatTime } from "../../lib/dates";
import type { FieldLabels } from "../../lib/staleChange";
import { formatDuration } from "./duration";
import type { JobFormValues } from "./jobFormValues";
import { formatAmount } from "./jobStyle";

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
    // Status, payment, priority…: each choice as the job has it (shared-types/src/job-fields.ts).
    ...pickJobFields(job, CHOICE_FIELDS),
    amount: job.amount ?? "",
    customerEmail: job.customerEmail ?? "",
    customerPhone: job.customerPhone ?? "",
    customerId: job.customerId,
    requiredSkills: job.requiredSkills ?? [],
    arrivalWindow: job.arrivalWindow ?? null,
    flexible: job.flexible ?? false,
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
  const choices = Object.fromEntries(
    CHOICE_FIELDS.map((name) => [
      name,
      { label: JOB_FIELDS[name].label, show: (value: string) => jobFieldText(name, value) },
    ]),
  ) as FieldLabels<Pick<JobChangeValues, (typeof CHOICE_FIELDS)[number]>>;
  return {
    date: { label: "Date", show: formatDay },
    time: { label: JOB_FIELDS.time.label, show: formatTime },
    durationMinutes: { label: JOB_FIELDS.durationMinutes.label, show: formatDuration },
    employeeId: { label: JOB_FIELDS.employeeId.label, show: nameOf },
    type: { label: JOB_FIELDS.type.label },
    location: { label: JOB_FIELDS.location.label },
    ...choices,
    amount: { label: JOB_FIELDS.amount.label, show: formatAmount },
    description: { label: JOB_FIELDS.description.label },
    customerEmail: { label: JOB_FIELDS.customerEmail.label },
    customerPhone: { label: JOB_FIELDS.customerPhone.label },
    requiredSkills: {
      label: JOB_FIELDS.requiredSkills.label,
      show: (skills: string[]) => (skills.length > 0 ? skills.join(", ") : "none"),
    },
    arrivalWindow: {
      label: JOB_FIELDS.arrivalWindow.label,
      show: (window: { start: string; end: string }) =>
        `${formatTime(window.start)}–${formatTime(window.end)}`,
    },
    flexible: { label: JOB_FIELDS.flexible.label, show: (flexible: boolean) => (flexible ? "Yes" : "No") },
    beforePhoto: { label: "Before photo", show: photoText },
    afterPhoto: { label: "After photo", show: photoText },
  };
}
