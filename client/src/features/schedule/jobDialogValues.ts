/** What the job dialog's form starts with: the job being edited, or defaults for a new one. */
import {
  type CompanySettingsDTO,
  DEFAULT_COMPANY_SETTINGS,
  type JobDTO,
  type JobType,
} from "@sched/shared-types";
import dayjs from "dayjs";
import { toISODate } from "../../lib/dates";
import { defaultDuration } from "./duration";
import type { JobFormValues } from "./JobFormFields";
import { jobFormValues } from "./jobChanges";

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
  settings: Pick<CompanySettingsDTO, "jobTypeDurations"> = DEFAULT_COMPANY_SETTINGS,
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
    status: "scheduled",
    paymentStatus: "pending",
    amount: "",
    customerEmail: defaults.customerEmail ?? "",
    customerPhone: defaults.customerPhone ?? "",
    customerId: defaults.customerId ?? null,
  };
}
