/** The stale-change dialog says what the other person changed (issue 51), in the board's words. */
import { describe, expect, it } from "vitest";
import { jobChangeLabels, jobChangeValues } from "../src/entities/job/jobChanges";
import { changedSince, NOT_SET } from "../src/lib/staleChange";
import { buildEmployee, buildJob } from "./builders";

const ana = buildEmployee({ id: "e1", name: "Ana Lopez" });
const ben = buildEmployee({ id: "e2", name: "Ben Okafor" });
const labels = jobChangeLabels([ana, ben]);

describe("changedSince", () => {
  it("names each field the other person changed, with its value before and theirs, in words", () => {
    const opened = buildJob({ employeeId: "e1", time: "09:00", status: "scheduled", description: "" });
    const now = { ...opened, employeeId: "e2", time: "14:30", status: "in_progress" as const, version: 2 };
    expect(changedSince(jobChangeValues(opened), jobChangeValues(now), labels)).toEqual([
      { field: "time", label: "Time", was: "9:00 AM", now: "2:30 PM" },
      { field: "employeeId", label: "Employee", was: "Ana Lopez", now: "Ben Okafor" },
      { field: "status", label: "Status", was: "Scheduled", now: "In Progress" },
    ]);
  });

  it("says a field emptied reads (none), and lists nothing when only the version moved", () => {
    const opened = buildJob({ employeeId: "e1", customerPhone: "555 0100" });
    expect(
      changedSince(jobChangeValues(opened), jobChangeValues({ ...opened, customerPhone: null }), labels),
    ).toEqual([{ field: "customerPhone", label: "Customer phone", was: "555 0100", now: NOT_SET }]);
    expect(changedSince(jobChangeValues(opened), jobChangeValues({ ...opened, version: 9 }), labels)).toEqual(
      [],
    );
  });
});
