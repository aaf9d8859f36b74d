/**
 * The exact JSON a job leaves the server as, single or in a list (queries/list-jobs.ts):
 * the one place a job's answer is shaped.
 */
import type {
  JobDTO,
  JobPhotoKind,
  JobPriority,
  JobStatus,
  JobType,
  PaymentStatus,
} from "@sched/shared-types";
import type { jobs } from "../db/schema";
import { presentPlace } from "./places";

type JobRow = typeof jobs.$inferSelect;

/** The photo's address; `v` changes whenever the job does, so browsers may cache a photo forever. */
export function photoUrl(jobId: string, kind: JobPhotoKind, updatedAt: Date): string {
  return `/api/jobs/${jobId}/photos/${kind}?v=${updatedAt.getTime()}`;
}

/** `customerName`: the linked customer's name, which the job row does not hold (withCustomerName). */
export function presentJob(row: JobRow, customerName: string | null = null): JobDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    employeeId: row.employeeId,
    type: row.type as JobType,
    location: row.location,
    description: row.description,
    date: row.date,
    time: row.time,
    durationMinutes: row.durationMinutes,
    status: row.status as JobStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    priority: row.priority as JobPriority,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    onMyWayAt: row.onMyWayAt ? row.onMyWayAt.toISOString() : null,
    arrivalEstimateAt: row.arrivalEstimateAt ? row.arrivalEstimateAt.toISOString() : null,
    amount: row.amount,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    customerId: row.customerId,
    customerName: row.customerId ? customerName : null,
    callRecordId: row.callRecordId,
    requiredSkills: row.requiredSkills ?? [],
    arrivalWindow: row.arrivalWindow ? { start: row.arrivalWindow.start, end: row.arrivalWindow.end } : null,
    flexible: row.flexible ?? false,
    source: row.source === "online" ? "online" : "office",
    seriesId: row.seriesId,
    occurrenceDate: row.occurrenceDate,
    isDetached: row.isDetached,
    beforePhotoUrl: row.hasBeforePhoto ? photoUrl(row.id, "before", row.updatedAt) : null,
    afterPhotoUrl: row.hasAfterPhoto ? photoUrl(row.id, "after", row.updatedAt) : null,
    place: presentPlace(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    // Filled in by queries/job-warnings.ts, which knows the company's settings and other jobs.
    warnings: [],
  };
}
