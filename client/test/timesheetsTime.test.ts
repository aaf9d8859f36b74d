/** Timesheets' times on screen (docs/timesheets.md): hours, the company's wall clock and back. */

import { wallClock } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { nextToSend } from "../src/features/offline/order";
import type { QueuedChange } from "../src/features/offline/outbox";
import { formatMinutes, instantOf, timeOfDay } from "../src/features/timesheets/time";

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
