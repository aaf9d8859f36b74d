/**
 * On my way's arrival time (docs/visits.md): the tap's time plus the drive from where the
 * technician is to the job. Where they are: the phone's position when My Day sends one (the
 * technician allowed it), else the place of their previous job that day, else unknown, and
 * then there is no estimate. The drive is the company's (its estimate, or the routing engine
 * when one is configured: ../places/drive-times.ts). An estimate is a courtesy: whatever goes
 * wrong gives none, never a failed tap.
 */
import type { LatLng, TJobUpdate } from "@sched/shared-types";
import { and, desc, eq, isNotNull, lt, ne } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { jobs } from "../db/schema";
import { logger } from "../logger";
import { driveMinutesBetween } from "../places/drive-times";

type JobRow = typeof jobs.$inferSelect;

const placeOf = (row: Pick<JobRow, "placeLat" | "placeLng">): LatLng | null =>
  row.placeLat === null || row.placeLng === null ? null : { lat: row.placeLat, lng: row.placeLng };

/** The place of the technician's job before this one that day (by time), if it has one. */
export async function previousJobPlace(executor: Executor, job: JobRow): Promise<LatLng | null> {
  if (!job.employeeId || !job.date || !job.time) return null;
  const [previous] = await executor
    .select({ placeLat: jobs.placeLat, placeLng: jobs.placeLng })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, job.companyId),
        eq(jobs.employeeId, job.employeeId),
        eq(jobs.date, job.date),
        lt(jobs.time, job.time),
        ne(jobs.status, "cancelled"),
        ne(jobs.id, job.id),
        isNotNull(jobs.placeLat),
      ),
    )
    .orderBy(desc(jobs.time))
    .limit(1);
  return previous ? placeOf(previous) : null;
}

/** When the technician should arrive at `job`, setting off at `at` from `from` (else the previous job's place). */
export async function arrivalEstimate(
  executor: Executor,
  job: JobRow,
  from: LatLng | undefined,
  at: Date,
): Promise<Date | null> {
  const to = placeOf(job);
  if (!to) return null;
  const origin = from ?? (await previousJobPlace(executor, job));
  if (!origin) return null;
  const { minutes } = await driveMinutesBetween(job.companyId, [{ from: origin, to }]);
  return new Date(at.getTime() + minutes[0] * 60_000);
}

/**
 * The estimate an On my way change carries (save-job.ts), decided before the write on the
 * job as it was read: the tap's time is the phone's for a tap kept offline, never later than now.
 */
export async function arrivalEstimateOfTap(
  companyId: string,
  jobId: string,
  seen: JobRow | undefined,
  input: Pick<TJobUpdate, "onMyWayAt" | "from">,
  now = new Date(),
): Promise<Date | null> {
  try {
    const job =
      seen?.id === jobId
        ? seen
        : (
            await db
              .select()
              .from(jobs)
              .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
          )[0];
    if (!job) return null;
    const at = input.onMyWayAt ? new Date(Math.min(Date.parse(input.onMyWayAt), now.getTime())) : now;
    return await arrivalEstimate(db, job, input.from, at);
  } catch (error) {
    logger.warn({ err: error, jobId }, "On my way recorded without an arrival estimate");
    return null;
  }
}
