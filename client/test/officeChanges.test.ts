/**
 * The conflict card's field-by-field account (docs/offline.md):
 * what the office changed, against the job as the phone showed it when the
 * technician made their change, in the board's words.
 */
import { describe, expect, it } from "vitest";
import { officeChanges } from "../src/outbox/pendingWork";
import { buildJob } from "./builders";

describe("officeChanges", () => {
  it("names each field the office changed, as it was on the phone and as it is now", () => {
    const seen = buildJob({ time: "09:00", description: null, version: 1 });
    const current = buildJob({ time: "15:00", description: "Gate code 4321", version: 2 });
    expect(officeChanges({ seen, current })).toEqual([
      { field: "time", label: "Time", was: "9:00 AM", now: "3:00 PM" },
      { field: "description", label: "Description", was: "(none)", now: "Gate code 4321" },
    ]);
  });

  it("reads a moved day and a changed length the way the board does", () => {
    const seen = buildJob({ date: "2026-11-23", durationMinutes: 60 });
    const current = buildJob({ date: "2026-11-27", durationMinutes: 90 });
    expect(officeChanges({ seen, current }).map((change) => change.field)).toEqual([
      "date",
      "durationMinutes",
    ]);
  });

  it("leaves out photo addresses, which change with every save, and what reads the same", () => {
    const seen = buildJob({ beforePhotoUrl: "/api/jobs/j1/photos/before?v=1", location: "1 Main St" });
    const current = buildJob({ beforePhotoUrl: "/api/jobs/j1/photos/before?v=2", location: " 1 Main St " });
    expect(officeChanges({ seen, current })).toEqual([]);
  });

  it("says nothing field by field for a change kept without a copy of the job (an older app)", () => {
    expect(officeChanges({ current: buildJob({ time: "15:00" }) })).toEqual([]);
  });
});
