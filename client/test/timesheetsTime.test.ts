/** Timesheets' times on screen (docs/timesheets.md): hours, the company's wall clock and back. */

import { wallClock } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import {
  dayEndedText,
  dayOf,
  formatMinutes,
  instantOf,
  shiftDayOf,
  timeOfDay,
} from "../src/features/timesheets/time";
import { nextToSend } from "../src/outbox/order";
import type { QueuedChange } from "../src/outbox/outbox";

describe("timesheet times", () => {
  it("writes minutes as hours and minutes", () => {
    expect([formatMinutes(0), formatMinutes(450), formatMinutes(125), formatMinutes(2400)]).toEqual([
      "0h",
      "7h 30m",
      "2h 05m",
      "40h",
    ]);
  });

  it("turns a wall clock of the company's time zone into its instant, on both sides of a DST change", () => {
    const zone = "America/Chicago";
    expect(instantOf("2026-03-07T22:00", zone)).toBe("2026-03-08T04:00:00.000Z");
    expect(instantOf("2026-03-08T06:00", zone)).toBe("2026-03-08T11:00:00.000Z");
    expect(wallClock("2026-03-08T11:00:00.000Z", zone)).toBe("2026-03-08T06:00");
    expect(timeOfDay("2026-03-08T11:00:00.000Z", zone)).toBe("6:00 AM");
  });
});

describe("days as the app writes them", () => {
  const zone = "America/Chicago";
  const entry = (clockIn: string, clockOut: string | null) => ({
    id: clockIn,
    clockIn,
    clockOut,
    version: 1,
  });
  const day = (entries: ReturnType<typeof entry>[], date = "2026-12-07") => ({
    date,
    entries,
    workedMinutes: 492,
    jobMinutes: 300,
    betweenMinutes: 192,
    flags: [],
  });

  it("names a correction's day by the company's calendar, not as an ISO date", () => {
    // 02:00 UTC on the 8th is still the evening of Monday the 7th in Chicago.
    expect(dayOf("2026-12-08T02:00:00.000Z", zone)).toBe("Mon, Dec 7");
  });

  it("says when an ended day ended and what it came to, from its latest clock-out", () => {
    const ended = day([
      entry("2026-12-07T14:00:00.000Z", "2026-12-07T17:00:00.000Z"),
      entry("2026-12-07T18:00:00.000Z", "2026-12-07T23:02:00.000Z"),
    ]);
    expect(dayEndedText(ended, zone)).toBe("Day ended at 5:02 PM · 8h 12m worked");
    expect(dayEndedText(day([entry("2026-12-07T14:00:00.000Z", null)]), zone)).toBeNull();
    expect(dayEndedText(undefined, zone)).toBeNull();
  });

  it("speaks of a night's shift ended after midnight as the day it started, and of today once today is started", () => {
    // Started 9:10 PM on Monday the 7th in Chicago, ended 0:40 AM on Tuesday the 8th.
    const night = day([entry("2026-12-08T03:10:00.000Z", "2026-12-08T06:40:00.000Z")]);
    const tuesday = day([], "2026-12-08");
    const sheet = { employeeId: "e", weekStart: "2026-12-07", days: [night, tuesday], totalMinutes: 210 };
    const asTimesheet = sheet as unknown as Parameters<typeof shiftDayOf>[0];
    expect(shiftDayOf(asTimesheet, "2026-12-08", zone)?.date).toBe("2026-12-07");
    expect(dayEndedText(shiftDayOf(asTimesheet, "2026-12-08", zone), zone)).toBe(
      "Day ended at 12:40 AM · 8h 12m worked",
    );
    const startedTuesday = {
      ...sheet,
      days: [night, day([entry("2026-12-08T15:00:00.000Z", null)], "2026-12-08")],
    };
    expect(shiftDayOf(startedTuesday as unknown as typeof asTimesheet, "2026-12-08", zone)?.date).toBe(
      "2026-12-08",
    );
    expect(shiftDayOf(asTimesheet, "2026-12-09", zone)).toBeUndefined();
  });
});

describe("the outbox's order for clock taps", () => {
  const tap = (seq: number, action: "in" | "out", state: "waiting" | "failed" = "waiting"): QueuedChange => ({
    kind: "clock",
    seq,
    key: `k${seq}`,
    companyId: "c",
    userId: "u",
    action,
    madeAt: "2026-03-02T08:00:00.000Z",
    state,
  });

  it("never sends End my day before a Start my day that failed", () => {
    expect(nextToSend([tap(1, "in"), tap(2, "out")], "u")).toMatchObject({ seq: 1 });
    expect(nextToSend([tap(1, "in", "failed"), tap(2, "out")], "u")).toBeUndefined();
  });
});
