/** What the job dialog's form starts with: the job being edited, or defaults for a new one. */
import {
  type CompanySettingsDTO,
  DEFAULT_COMPANY_SETTINGS,
  JOB_FIELD_INITIALS,
  type JobDTO,
  type JobType,
} from "@sched/shared-types";
import dayjs from "dayjs";
import { defaultDuration } from "../../entities/job/duration";
import { jobFormValues } from "../../entities/job/jobChanges";
import type { JobFormValues } from "../../entities/job/jobFormValues";
import { toISODate } from "../../lib/dates";

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
  /** The customer the job is for (docs/customers.md). */
  customerId: string;
}>;

const DEFAULT_TIME = "09:00";

export function initialValues(
  job: JobDTO | undefined,
  defaults: JobDialogDefaults = {},
  settings: Pick<CompanySettingsDTO, "jobTypeDurations" | "jobTypeSkills"> = DEFAULT_COMPANY_SETTINGS,
): JobFormValues {
  if (job) return jobFormValues(job);
  return {
    employeeId: defaults.employeeId,
    type: defaults.type,
    location: defaults.location ?? "",
    date: defaults.date ?? toISODate(dayjs()),
    time: defaults.time ?? DEFAULT_TIME,
    durationMinutes: defaultDuration(settings, defaults.type),
    description: defaults.description ?? "",
    // Each choice's initial value: scheduled, pending, normal… (shared-types/src/job-fields.ts).
    ...JOB_FIELD_INITIALS,
    amount: "",
    customerEmail: defaults.customerEmail ?? "",
    customerPhone: defaults.customerPhone ?? "",
    customerId: defaults.customerId ?? null,
    // The job type's skills (Settings, docs/schedule.md); the dialog can change them.
    requiredSkills: defaults.type ? [...(settings.jobTypeSkills?.[defaults.type] ?? [])] : [],
    // Neither: the job keeps its time when a day is optimized (docs/schedule.md).
    arrivalWindow: null,
    flexible: false,
  };
}
