/**
 * The jobs a time off request would take someone away from (docs/time-off.md):
 * the employee's open jobs (scheduled or in progress) on its days, or in its hours for part
 * of a day, so the office sees them before approving and can re-plan those days.
 */
import { type JobDTO, minutesOfDay } from "@sched/shared-types";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { db } from "../db/client";
import { customers, jobs } from "../db/schema";
import { presentJob } from "../presenters/jobs";
import type { TimeOffRow } from "../presenters/time-off";
import { HANDED_OVER_STATUSES } from "./absence-plan";

/** True when a job from `time` for `minutes` overlaps the part day's hours (a job without a time: always). */
function overlapsHours(job: { time: string | null; durationMinutes: number }, off: TimeOffRow): boolean {
  if (!off.startTime || !off.endTime || !job.time) return true;
  const start = minutesOfDay(job.time);
  return start < minutesOfDay(off.endTime) && start + job.durationMinutes > minutesOfDay(off.startTime);
}

/** The employee's open jobs during the time off, by date and time. */
export async function bookedJobsDuring(off: TimeOffRow): Promise<JobDTO[]> {
  const rows = await db
    .select({ job: jobs, customerName: customers.name })
    .from(jobs)
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobs.companyId, off.companyId),
        eq(jobs.employeeId, off.employeeId),
        gte(jobs.date, off.startDate),
        lte(jobs.date, off.endDate),
        inArray(jobs.status, [...HANDED_OVER_STATUSES]),
      ),
    )
    .orderBy(asc(jobs.date), asc(jobs.time), asc(jobs.createdAt));
  return rows
    .filter(({ job }) => overlapsHours(job, off))
    .map(({ job, customerName }) => presentJob(job, customerName ?? null));
}
