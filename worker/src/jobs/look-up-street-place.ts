/**
 * Street-level geocoding (docs/places.md): one job per customer or job address, carrying
 * ids only. The lookup reads the row as it is when the job runs and writes through core
 * (core/src/places/street-lookup.ts); a failed service is retried with exponential backoff,
 * never sooner than its Retry-After, and a refusal (a wrong URL or key) is not retried.
 */
import { logger } from "@sched/core/logger";
import { lookUpStreetPlace, StreetLookupFailed, sweepStreetPlaces } from "@sched/core/places/street-lookup";
import { GEOCODE_JOB_OPTIONS, ZGeocodeJobs } from "@sched/shared-types";
import { type Job, type MinimalJob, UnrecoverableError } from "bullmq";
import type { JobHandler } from "./registry";

export const lookUpStreetPlaceJob: JobHandler = async (job: Job) => {
  const parsed = ZGeocodeJobs.lookUpStreetPlace.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError("not a street lookup's payload");
  try {
    return await lookUpStreetPlace(parsed.data);
  } catch (error) {
    if (error instanceof StreetLookupFailed && error.isPermanent) throw new UnrecoverableError(error.message);
    throw error;
  }
};

/** Exponential from the job's delay, but never sooner than the service's Retry-After. */
export function geocodeBackoff(
  attemptsMade: number,
  _type?: string,
  error?: Error,
  job?: MinimalJob,
): number {
  const backoff = job?.opts.backoff;
  const delay =
    typeof backoff === "object" && backoff.delay !== undefined
      ? backoff.delay
      : GEOCODE_JOB_OPTIONS.backoff.delay;
  const exponential = Math.round(2 ** Math.max(0, attemptsMade - 1) * delay);
  const retryAfter = error instanceof StreetLookupFailed ? (error.retryAfterMs ?? 0) : 0;
  return Math.max(exponential, retryAfter);
}

/** Every quarter hour: lookups a Redis outage lost, rows from before the geocoder; expired cache answers go. */
export const sweepPlacesJob: JobHandler = async () => {
  const result = await sweepStreetPlaces();
  if (result.queued > 0 || result.expired > 0) logger.info(result, "places sweep");
  return result;
};
