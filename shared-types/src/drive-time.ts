/**
 * Drive time between two places (docs/places.md): the one estimate every scheduling decision
 * uses (the conflict engine's `travel` warning, the free-slot search, the sick-day re-plan,
 * the route optimizer), in the browser and on the server alike. Great-circle distance times
 * a road factor, at the company's average speed, plus minutes to park. A routing engine
 * (ROUTING_URL) can answer instead on the server; this is the estimate when none is set.
 */
import turfDistance from "@turf/distance";
import type { LatLng } from "./schemas/places";

/** The company's drive settings (company settings `drive`); the defaults fit a town. */
export type DriveModel = {
  /** Road distance / straight-line distance; 1.3 is typical of a town's grid. */
  roadFactor: number;
  /** Average speed door to door, km/h. */
  averageSpeedKmh: number;
  /** Minutes to park and walk to the door, added to every drive between two places. */
  parkMinutes: number;
};

export const DEFAULT_DRIVE_MODEL: DriveModel = { roadFactor: 1.3, averageSpeedKmh: 35, parkMinutes: 5 };

/** Straight-line (great-circle) distance in kilometres. */
export const distanceKm = (from: LatLng, to: LatLng): number =>
  turfDistance([from.lng, from.lat], [to.lng, to.lat], { units: "kilometers" });

/** Whole minutes of driving from one place to another; 0 for the same point. */
export function estimateDriveMinutes(
  from: LatLng,
  to: LatLng,
  model: DriveModel = DEFAULT_DRIVE_MODEL,
): number {
  const km = distanceKm(from, to);
  if (km < 0.05) return 0;
  return Math.round(((km * model.roadFactor) / model.averageSpeedKmh) * 60 + model.parkMinutes);
}
