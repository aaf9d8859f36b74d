/**
 * The speed learned from a company's own taps (core/src/queries/drive-speed.ts,
 * docs/places.md): On my way -> Start of the next job, both places known, outliers dropped,
 * the median once there are enough trips.
 */
import { DEFAULT_DRIVE_MODEL, distanceKm, type LatLng, LEARNED_SPEED_MIN_TRIPS } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { db } from "../src/db/client";
import { companySettings, jobTaps } from "../src/db/schema";
import {
  learnedSpeedOf,
  loadLearnedDriveSpeed,
  loadTapTrips,
  type TapTrip,
} from "../src/queries/drive-speed";
import { buildCompany, buildEmployee, buildJob } from "./factories";

const LOOP: LatLng = { lat: 41.8781, lng: -87.6298 };
const HYDE_PARK: LatLng = { lat: 41.7943, lng: -87.5907 };
const ROAD_KM = distanceKm(LOOP, HYDE_PARK) * DEFAULT_DRIVE_MODEL.roadFactor;

/** The minutes from On my way to Start of a trip at `speed` km/h, parking included. */
const minutesAt = (speed: number) => (ROAD_KM / speed) * 60 + DEFAULT_DRIVE_MODEL.parkMinutes;
const trip = (speed: number): TapTrip => ({ from: LOOP, to: HYDE_PARK, minutes: minutesAt(speed) });
const SPEEDS = [28, 29, 30, 30, 31, 32, 30, 29, 31, 30, 30, 31];

describe("learnedSpeedOf", () => {
  it("is the median of the trips, outliers dropped, rounded", () => {
    expect(learnedSpeedOf([...SPEEDS.map(trip), trip(110)], DEFAULT_DRIVE_MODEL)).toEqual({
      trips: SPEEDS.length,
      minTrips: LEARNED_SPEED_MIN_TRIPS,
      averageSpeedKmh: 30,
    });
  });

  it("offers nothing until there are enough trips, and says how many there are", () => {
    expect(learnedSpeedOf(SPEEDS.slice(0, 9).map(trip), DEFAULT_DRIVE_MODEL)).toEqual({
      trips: 9,
      minTrips: 10,
      averageSpeedKmh: null,
    });
  });

  it("leaves out what cannot be a drive: too short, too slow, too fast, shorter than parking", () => {
    const odd: TapTrip[] = [
      { from: LOOP, to: LOOP, minutes: 20 },
      trip(2),
      trip(400),
      { from: LOOP, to: HYDE_PARK, minutes: 3 },
    ];
    expect(learnedSpeedOf(odd, DEFAULT_DRIVE_MODEL).trips).toBe(0);
  });
});

describe("loadLearnedDriveSpeed", () => {
  /** A day's two jobs, with places, and the technician's taps: complete the first, on my way and start the second. */
  async function tripOf(
    companyId: string,
    employeeId: string,
    hoursAgo: number,
    speed: number,
    placed = true,
  ) {
    const place = (point: LatLng) =>
      placed ? { placeLat: point.lat, placeLng: point.lng, placePrecision: "street" as const } : {};
    const first = await buildJob(companyId, employeeId, { location: "1 Main St", ...place(LOOP) });
    const second = await buildJob(companyId, employeeId, { location: "12 Oak Rd", ...place(HYDE_PARK) });
    const done = Date.now() - hoursAgo * 3600_000;
    const leave = done + 2 * 60_000;
    const arrive = leave + minutesAt(speed) * 60_000;
    await db.insert(jobTaps).values([
      { companyId, employeeId, jobId: first.id, kind: "start", at: new Date(done - 3600_000) },
      { companyId, employeeId, jobId: first.id, kind: "complete", at: new Date(done) },
      { companyId, employeeId, jobId: second.id, kind: "on_my_way", at: new Date(leave) },
      { companyId, employeeId, jobId: second.id, kind: "start", at: new Date(arrive) },
    ]);
  }

  it("reads the company's trips only, with both places known, and learns their speed", async () => {
    const { company } = await buildCompany();
    const alex = await buildEmployee(company.id, { name: "Alex", initials: "AK" });
    for (const [index, speed] of SPEEDS.entries()) await tripOf(company.id, alex.id, 10 * (index + 1), speed);
    // A trip to a job without a place, and another company's trips: not counted.
    await tripOf(company.id, alex.id, 200, 30, false);
    const other = await buildCompany();
    const sam = await buildEmployee(other.company.id, { name: "Sam", initials: "SS" });
    await tripOf(other.company.id, sam.id, 5, 90);

    const trips = await loadTapTrips(company.id);
    expect(trips).toHaveLength(SPEEDS.length);
    expect(trips[0].from).toEqual(LOOP);
    expect(trips[0].minutes).toBeCloseTo(minutesAt(SPEEDS[0]), 3);
    expect(await loadLearnedDriveSpeed(company.id)).toEqual({ trips: 12, minTrips: 10, averageSpeedKmh: 30 });
    expect(await loadLearnedDriveSpeed(other.company.id)).toEqual({
      trips: 1,
      minTrips: 10,
      averageSpeedKmh: null,
    });
  });

  it("reckons with the company's road factor and minutes to park", async () => {
    const { company } = await buildCompany();
    const alex = await buildEmployee(company.id, { name: "Alex", initials: "AK" });
    for (const [index, speed] of SPEEDS.entries()) await tripOf(company.id, alex.id, 10 * (index + 1), speed);
    // Twice the road distance over the same minutes: twice the speed.
    await db
      .insert(companySettings)
      .values({ companyId: company.id, drive: { ...DEFAULT_DRIVE_MODEL, roadFactor: 2.6 } });
    expect((await loadLearnedDriveSpeed(company.id)).averageSpeedKmh).toBe(60);
  });
});
