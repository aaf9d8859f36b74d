/** How a job looks and reads: labels, colours and the card's style class (docs/schedule.md). */
import {
  arrivalWords,
  JOB_FIELDS,
  type JobChoiceField,
  type JobFieldName,
  type JobFieldSpec,
  type JobFieldTone,
  type JobStatus,
  jobChoice,
  jobFieldText,
  type PaymentStatus,
} from "@sched/shared-types";
import { currentTimeFormat } from "../../lib/dates";

/** Each value's words, from the job's field list (shared-types/src/job-fields.ts). */
const labelsOf = <K extends JobChoiceField>(name: K) =>
  Object.fromEntries(
    Object.entries(JOB_FIELDS[name].choices).map(([value, choice]) => [value, choice.label]),
  );

export const STATUS_LABELS = labelsOf("status") as Record<JobStatus, string>;
export const PAYMENT_LABELS = labelsOf("paymentStatus") as Record<PaymentStatus, string>;

/** A field's value as a person reads it on a card or the print sheet: money as currency, a choice as its tag. */
export function jobFieldWords(name: JobFieldName, value: unknown): string {
  const field: JobFieldSpec = JOB_FIELDS[name];
  if (value === null || value === undefined || value === "") return "";
  // A list (the skills a job needs) reads "Needs gas, backflow tester".
  if (field.list) return Array.isArray(value) && value.length > 0 ? `Needs ${value.join(", ")}` : "";
  if (field.money) return formatAmount(String(value));
  // When the visit may be (docs/schedule.md, "Optimize a day"): "Arrive 9–11 AM", "Any time".
  if (name === "arrivalWindow" || name === "flexible") {
    return arrivalWords({ [name]: value } as Parameters<typeof arrivalWords>[0], currentTimeFormat()) ?? "";
  }
  if (field.choices) {
    const choice = jobChoice(name as JobChoiceField, String(value));
    return choice.tag ?? choice.label;
  }
  return jobFieldText(name, value);
}

/** What the repeat icon says: the job is an occurrence of a recurring job (docs/schedule.md). */
export const REPEATS_LABEL = "Repeats";

/** Completed green, in progress blue, cancelled red, anything else grey. */
export const statusTone = (status: string): JobFieldTone => jobChoice("status", status).tone;

/** Paid green, overdue red, billed blue, anything else (pending) yellow. */
export function paymentTone(paymentStatus: string): JobFieldTone {
  return paymentStatus in PAYMENT_LABELS ? jobChoice("paymentStatus", paymentStatus).tone : "yellow";
}

/** The card's style class: the job type lowercased, spaces turned into hyphens ("Follow-up" -> "follow-up"). */
export const jobTypeClass = (type: string) => type.toLowerCase().replace(/\s+/g, "-");

let money: Intl.NumberFormat | undefined;

/** "$1,234.50" for "1234.50" (amounts are decimal text from the API). */
export function formatAmount(amount: string | number): string {
  // Made on first use, not at import (see formatCalendarDate in shared-types/src/dates.ts).
  money ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return money.format(Number(amount));
}

/** The sum of the amounts that are set. Cents are added as integers so no float drift shows. */
export function totalAmount(jobs: readonly { amount: string | null }[]): number {
  const cents = jobs.reduce((sum, job) => sum + (job.amount ? Math.round(Number(job.amount) * 100) : 0), 0);
  return cents / 100;
}
