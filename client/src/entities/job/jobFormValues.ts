import type { JobChoiceField, JobDTO, JobType } from "@sched/shared-types";

/** What the job dialog's form holds (features/schedule/JobFormFields.tsx); the outbox keeps it too. */
export type JobFormValues = {
  employeeId?: string;
  type?: JobType;
  location: string;
  date: string;
  time: string;
  /** 15-minute steps (docs/schedule.md). */
  durationMinutes: number;
  description: string;
  amount: string;
  customerEmail: string;
  customerPhone: string;
  /** The job's customer (docs/customers.md); null for none. */
  customerId?: string | null;
  /** Company skills the job needs (docs/schedule.md, "Skills"). */
  requiredSkills: string[];
  /** The window promised to the customer, or null (docs/schedule.md, "Optimize a day"). */
  arrivalWindow: { start: string; end: string } | null;
  /** Any time that day: the optimizer may move it. */
  flexible: boolean;
} & Pick<JobDTO, JobChoiceField>; // status, payment, priority… (shared-types/src/job-fields.ts)
