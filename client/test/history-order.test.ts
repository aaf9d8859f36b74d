/** The history's order (src/features/history/weekOrder.ts): past weeks newest first, coming weeks apart. */
import { describe, expect, it } from "vitest";
import { splitByThisWeek } from "../src/features/history/weekOrder";

describe("splitByThisWeek", () => {
  it("lists this week and the past newest first, and the weeks to come apart, nearest first", () => {
    const weeks = ["2026-11-09", "2026-12-07", "2026-11-23", "2026-11-30", "2026-11-16"].map(
      (weekStartDate) => ({
        weekStartDate,
      }),
    );
    const { past, coming } = splitByThisWeek(weeks, "2026-11-23");
    expect(past.map((week) => week.weekStartDate)).toEqual(["2026-11-23", "2026-11-16", "2026-11-09"]);
    expect(coming.map((week) => week.weekStartDate)).toEqual(["2026-11-30", "2026-12-07"]);
  });
});
