/**
 * The average speed learned from the company's own taps (docs/places.md, "Drive time"): a
 * trip is a technician's "On my way" to a job followed by their "Start" of that job, with
 * the job they were at before (their tap just before the On my way, within 12 hours) and
 * both jobs' places known. Its speed is the estimate's road distance (straight line x the
 * road factor) over the minutes less the minutes to park. Trips that cannot be a drive
 * (under a kilometre, under 2 minutes, slower than walking or faster than a highway) are
 * left out, then those far from the median (3 scaled MADs); the median of the rest is the
 * speed, offered once there are LEARNED_SPEED_MIN_TRIPS.
 */
import {
  type DriveModel,
  distanceKm,
  type LatLng,
  LEARNED_SPEED_MIN_TRIPS,
  type LearnedDriveSpeedDTO,
} from "@sched/shared-types";
import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { loadCompanySettings } from "./company-settings";

/** One trip: where from, where to, and the minutes from On my way to Start. */
export type TapTrip = { from: LatLng; to: LatLng; minutes: number };

/** The trips of the last this many days count: a town's traffic changes. */
const TRIP_DAYS = 180;
/** The most recent trips read at most. */
const MAX_TRIPS = 1000;

const median = (sorted: readonly number[]) => {
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The speeds of the trips that can be drives, km/h. */
export function tripSpeeds(trips: readonly TapTrip[], model: DriveModel): number[] {
  const speeds: number[] = [];
  for (const trip of trips) {
    const km = distanceKm(trip.from, trip.to) * model.roadFactor;
    const driving = trip.minutes - model.parkMinutes;
    if (km < 1 || driving < 2) continue;
    const speed = km / (driving / 60);
    if (speed >= 5 && speed <= 130) speeds.push(speed);
  }
  return speeds;
}

/** The median speed of the trips with the outliers dropped, and how many trips it rests on. */
export function learnedSpeedOf(trips: readonly TapTrip[], model: DriveModel): LearnedDriveSpeedDTO {
  const speeds = tripSpeeds(trips, model).sort((a, b) => a - b);
  let kept = speeds;
  if (speeds.length > 0) {
    const middle = median(speeds);
    const mad = median(speeds.map((speed) => Math.abs(speed - middle)).sort((a, b) => a - b));
    // 1.4826 x MAD is the standard deviation of a normal distribution.
    if (mad > 0) kept = speeds.filter((speed) => Math.abs(speed - middle) <= 3 * 1.4826 * mad);
  }
  const enough = kept.length >= LEARNED_SPEED_MIN_TRIPS;
  return {
    trips: kept.length,
    minTrips: LEARNED_SPEED_MIN_TRIPS,
    averageSpeedKmh: enough ? Math.round(median(kept)) : null,
  };
}

type TripRow = {
  from_lat: number;
  from_lng: number;
  to_lat: number;
  to_lng: number;
  minutes: number;
};

/** The company's trips from job_taps, newest first. */
export async function loadTapTrips(companyId: string): Promise<TapTrip[]> {
  const result = await db.execute<TripRow>(sql`
    with taps as (
      select employee_id, job_id, kind, at,
        lag(job_id) over w as prev_job, lag(at) over w as prev_at,
        lead(job_id) over w as next_job, lead(kind) over w as next_kind, lead(at) over w as next_at
      from job_taps
      where company_id = ${companyId} and at > now() - make_interval(days => ${TRIP_DAYS})
      window w as (partition by employee_id order by at)
    )
    select a.place_lat as from_lat, a.place_lng as from_lng, b.place_lat as to_lat, b.place_lng as to_lng,
      extract(epoch from taps.next_at - taps.at)::float8 / 60 as minutes
    from taps
    join jobs a on a.id = taps.prev_job and a.company_id = ${companyId}
    join jobs b on b.id = taps.job_id and b.company_id = ${companyId}
    where taps.kind = 'on_my_way' and taps.next_kind = 'start' and taps.next_job = taps.job_id
      and taps.prev_job <> taps.job_id and taps.at - taps.prev_at < interval '12 hours'
      and a.place_lat is not null and b.place_lat is not null
    order by taps.at desc
    limit ${MAX_TRIPS}`);
  return result.rows.map((row) => ({
    from: { lat: Number(row.from_lat), lng: Number(row.from_lng) },
    to: { lat: Number(row.to_lat), lng: Number(row.to_lng) },
    minutes: Number(row.minutes),
  }));
}

/** GET /api/companies/:companyId/drive-speed. */
export async function loadLearnedDriveSpeed(companyId: string): Promise<LearnedDriveSpeedDTO> {
  const [settings, trips] = await Promise.all([loadCompanySettings(companyId), loadTapTrips(companyId)]);
  return learnedSpeedOf(trips, settings.drive);
}
