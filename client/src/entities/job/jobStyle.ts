/** How a job looks and reads: labels, colours and the card's style class (docs/schedule.md). */
import type { JobStatus, PaymentStatus } from "@sched/shared-types";

export const STATUS_LABELS: Record<JobStatus, string> = {
  scheduled: "Scheduled",
  in_progress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  billed: "Billed",
  paid: "Paid",
  overdue: "Overdue",
};

/** What the repeat icon says: the job is an occurrence of a recurring job (docs/schedule.md). */
export const REPEATS_LABEL = "Repeats";

/** Completed green, in_progress blue, cancelled red, anything else grey. */
type StatusTone = "green" | "blue" | "red" | "grey";
export function statusTone(status: string): StatusTone {
  if (status === "completed") return "green";
  if (status === "in_progress") return "blue";
  if (status === "cancelled") return "red";
  return "grey";
}

/** Paid green, overdue red, billed blue, anything else (pending) yellow. */
type PaymentTone = "green" | "red" | "blue" | "yellow";
export function paymentTone(paymentStatus: string): PaymentTone {
  if (paymentStatus === "paid") return "green";
  if (paymentStatus === "overdue") return "red";
  if (paymentStatus === "billed") return "blue";
  return "yellow";
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
