/** The travel warning and the drive-time estimate (docs/places.md, "Drive time"). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ConflictContext,
  type ConflictJob,
  DEFAULT_DRIVE_MODEL,
  estimateDriveMinutes,
  isDriveUnknown,
  type LatLng,
  warningsForJob,
  warningsForJobs,
} from "../src";

const context: ConflictContext = {
  workingDays: [1, 2, 3, 4, 5, 6, 7],
  workdayStart: "00:00",
  workdayEnd: "23:59",
  inactiveEmployeeIds: new Set(),
};

// Two points in Chicago 9.87 km apart: 9.87 x 1.3 / 35 km/h = 22 min + 5 to park = 27 min.
const LOOP: LatLng = { lat: 41.8781, lng: -87.6298 };
const HYDE_PARK: LatLng = { lat: 41.7943, lng: -87.5907 };

const job = (id: string, over: Partial<ConflictJob> = {}): ConflictJob => ({
  id,
  employeeId: "alex",
  date: "2026-11-23",
  time: "09:00",
  durationMinutes: 60,
  ...over,
});

const travel = (warnings: readonly { code: string }[] | undefined) =>
  (warnings ?? []).filter((warning) => warning.code === "travel");

describe("the drive-time estimate", () => {
  it("is distance x road factor / speed + minutes to park, and 0 for the same point", () => {
    expect(estimateDriveMinutes(LOOP, HYDE_PARK)).toBe(27);
    expect(estimateDriveMinutes(LOOP, LOOP)).toBe(0);
    expect(
      estimateDriveMinutes(LOOP, HYDE_PARK, { roadFactor: 1, averageSpeedKmh: 60, parkMinutes: 0 }),
    ).toBe(10);
  });

  it("is the same both ways (property)", () => {
    const point = fc.record({
      lat: fc.double({ min: -80, max: 80, noNaN: true }),
      lng: fc.double({ min: -179, max: 179, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(estimateDriveMinutes(a, b)).toBe(estimateDriveMinutes(b, a));
      }),
    );
  });
});

describe("travel", () => {
  it("warns both jobs when the drive is longer than the time between them, naming the other's place", () => {
    const a = job("a", { time: "09:00", location: "1 Main St", place: LOOP });
    const b = job("b", { time: "10:15", location: "12 Oak Rd", place: HYDE_PARK });
    const warnings = warningsForJobs([a, b], context);
    expect(warnings.get("a")).toEqual([
      { code: "travel", message: "27 min drive to 12 Oak Rd, 15 min between the jobs", jobId: "b" },
    ]);
    expect(warnings.get("b")).toEqual([
      { code: "travel", message: "27 min drive from 1 Main St, 15 min between the jobs", jobId: "a" },
    ]);
    // The dialog's engine says the same of each job.
    expect(warningsForJob(b, [a, b], context)).toEqual(warnings.get("b"));
    expect(warningsForJob(a, [a, b], context)).toEqual(warnings.get("a"));
  });

  it("says so when there is no time between the jobs", () => {
    const a = job("a", { time: "09:00", place: LOOP, location: "1 Main St" });
    const b = job("b", { time: "10:00", place: HYDE_PARK });
    expect(warningsForJobs([a, b], context).get("b")?.[0]?.message).toBe(
      "27 min drive from 1 Main St, no time between the jobs",
    );
  });

  it("uses the company's drive settings, or the drive time it is given", () => {
    const a = job("a", { time: "09:00", place: LOOP, location: "1 Main St" });
    const b = job("b", { time: "10:15", place: HYDE_PARK });
    const fast = { ...context, drive: { roadFactor: 1, averageSpeedKmh: 100, parkMinutes: 0 } };
    expect(travel(warningsForJobs([a, b], fast).get("b"))).toEqual([]);
    const routed = { ...context, driveMinutes: () => 40 };
    expect(warningsForJobs([a, b], routed).get("b")?.[0]?.message).toBe(
      "40 min drive from 1 Main St, 15 min between the jobs",
    );
  });

  it("is only between consecutive jobs of one employee on one day, not cancelled, with places", () => {
    const jobs = [
      job("a", { time: "09:00", place: LOOP }),
      // Another employee, another day, cancelled, or without a place: no drive to reckon.
      job("other", { time: "10:05", place: HYDE_PARK, employeeId: "sam" }),
      job("tomorrow", { date: "2026-11-24", time: "10:05", place: HYDE_PARK }),
      job("cancelled", { time: "10:05", place: HYDE_PARK, status: "cancelled" }),
      job("unplaced", { time: "10:10" }),
    ];
    const warnings = warningsForJobs(jobs, context);
    for (const id of ["a", "other", "tomorrow", "cancelled", "unplaced"])
      expect(travel(warnings.get(id))).toEqual([]);
  });

  it("leaves overlapping jobs to the overlap warning", () => {
    const a = job("a", { time: "09:00", place: LOOP });
    const b = job("b", { time: "09:30", place: HYDE_PARK });
    const warnings = warningsForJobs([a, b], context);
    expect(warnings.get("b")?.map((warning) => warning.code)).toEqual(["overlap"]);
  });

  it("never warns when every gap is at least the drive (property)", () => {
    const point = fc.record({
      lat: fc.double({ min: 41.6, max: 42.1, noNaN: true }),
      lng: fc.double({ min: -88, max: -87.5, noNaN: true }),
    });
    const stop = fc.record({
      place: fc.option(point, { nil: null }),
      minutes: fc.integer({ min: 1, max: 8 }).map((steps) => steps * 15),
      slack: fc.integer({ min: 0, max: 90 }),
    });
    fc.assert(
      fc.property(fc.array(stop, { minLength: 1, maxLength: 8 }), (stops) => {
        // Each job starts after the one before it ends, by at least the drive between them.
        let start = 6 * 60;
        const jobs = stops.map((entry, index) => {
          const before = stops[index - 1];
          if (before?.place && entry.place)
            start += estimateDriveMinutes(before.place, entry.place, DEFAULT_DRIVE_MODEL);
          start += entry.slack;
          const time = `${String(Math.floor(start / 60) % 24).padStart(2, "0")}:${String(start % 60).padStart(2, "0")}`;
          const made = job(`j${index}`, { time, durationMinutes: entry.minutes, place: entry.place });
          start += entry.minutes;
          return made;
        });
        // Past midnight the day changes: keep the property to one day.
        fc.pre(start < 24 * 60);
        const warnings = warningsForJobs(jobs, context);
        for (const made of jobs) {
          expect(travel(warnings.get(made.id))).toEqual([]);
          expect(travel(warningsForJob(made, jobs, context))).toEqual([]);
        }
      }),
    );
  });

  it("agrees between the list and the dialog (property)", () => {
    const point = fc.record({
      lat: fc.double({ min: 41.6, max: 42.1, noNaN: true }),
      lng: fc.double({ min: -88, max: -87.5, noNaN: true }),
    });
    const entry = fc.record({
      place: fc.option(point, { nil: null }),
      start: fc.integer({ min: 24, max: 80 }).map((quarter) => quarter * 15),
      minutes: fc.integer({ min: 1, max: 6 }).map((steps) => steps * 15),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { maxLength: 8, selector: (e) => e.start }), (entries) => {
        const jobs = entries.map((e, index) =>
          job(`j${index}`, {
            time: `${String(Math.floor(e.start / 60)).padStart(2, "0")}:${String(e.start % 60).padStart(2, "0")}`,
            durationMinutes: e.minutes,
            place: e.place,
          }),
        );
        const list = warningsForJobs(jobs, context);
        for (const made of jobs) {
          const one = travel(warningsForJob(made, jobs, context));
          expect(one).toEqual(travel(list.get(made.id)));
        }
      }),
    );
  });
});

describe("drive time unknown", () => {
  it("is true when the job or its neighbour that day has no place, never alone on the day", () => {
    const a = job("a", { time: "09:00", place: LOOP });
    const b = job("b", { time: "11:00" });
    const c = job("c", { time: "13:00", place: HYDE_PARK });
    expect(isDriveUnknown(a, [a, b, c])).toBe(true);
    expect(isDriveUnknown(b, [a, b, c])).toBe(true);
    expect(isDriveUnknown(a, [a, c])).toBe(false);
    expect(isDriveUnknown(job("alone", { place: null }), [])).toBe(false);
  });
});
