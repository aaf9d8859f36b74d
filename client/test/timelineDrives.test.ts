/** The timeline's drives between a technician's jobs (docs/places.md, "Drive time"). */
import { DEFAULT_DRIVE_MODEL } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import {
  driveSegmentsOf,
  driveTotalText,
  stackInLanes,
} from "../src/features/schedule/timeline/timelineModel";
import { buildJob } from "./builders";

const LOOP = { lat: 41.8781, lng: -87.6298, precision: "street" as const };
const HYDE_PARK = { lat: 41.7943, lng: -87.5907, precision: "street" as const };
const at = (id: string, time: string, place: typeof LOOP | null, extra = {}) =>
  buildJob({ id, time, place, date: "2026-11-25", location: `${id} St`, ...extra });

describe("driveSegmentsOf", () => {
  it("draws a drive before each next job with a place, and adds them up", () => {
    const { blocks } = stackInLanes([
      at("a", "09:00", LOOP),
      at("b", "10:15", HYDE_PARK),
      at("c", "13:00", LOOP),
    ]);
    const drives = driveSegmentsOf(blocks, DEFAULT_DRIVE_MODEL);
    expect(drives.segments).toEqual([
      { fromJobId: "a", toJobId: "b", start: 10 * 60 + 15 - 27, minutes: 27, from: "a St", isShort: true },
      { fromJobId: "b", toJobId: "c", start: 13 * 60 - 27, minutes: 27, from: "b St", isShort: false },
    ]);
    expect(drives.totalMinutes).toBe(54);
  });

  it("skips cancelled jobs and breaks at a job without a place", () => {
    const { blocks } = stackInLanes([
      at("a", "09:00", LOOP),
      at("x", "10:00", HYDE_PARK, { status: "cancelled" }),
      at("b", "11:00", null),
      at("c", "13:00", HYDE_PARK),
    ]);
    expect(driveSegmentsOf(blocks, DEFAULT_DRIVE_MODEL)).toEqual({ segments: [], totalMinutes: 0 });
  });
});

describe("driveTotalText", () => {
  it("says hours and minutes, or minutes alone", () => {
    expect(driveTotalText(65)).toBe("Drive 1h 05m");
    expect(driveTotalText(25)).toBe("Drive 25m");
    expect(driveTotalText(120)).toBe("Drive 2h 00m");
  });
});
