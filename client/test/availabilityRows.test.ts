/** The employee form's weekly pattern as rows of days (client/src/features/employees/availabilityRows.ts). */
import { AVAILABILITY_END_AFTER_START } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import {
  newRow,
  patternProblem,
  ROW_NEEDS_A_DAY,
  ROW_TOO_MANY,
  rowProblems,
  toRows,
  toWindows,
} from "../src/features/employees/availabilityRows";

describe("the weekly pattern's rows", () => {
  it("makes Mon–Fri 7–5 one row, one window per day for the API, and back", () => {
    const row = { days: [5, 1, 3, 2, 4], start: "07:00", end: "17:00" };
    const windows = toWindows([row]);
    expect(windows.map((window) => window.day)).toEqual([1, 2, 3, 4, 5]);
    expect(windows[0]).toEqual({ day: 1, start: "07:00", end: "17:00" });
    expect(toRows([...windows, { day: 6, start: "08:00", end: "12:00" }])).toEqual([
      { days: [1, 2, 3, 4, 5], start: "07:00", end: "17:00" },
      { days: [6], start: "08:00", end: "12:00" },
    ]);
  });

  it("starts with Mon–Fri, then offers the days no row holds", () => {
    const first = newRow([]);
    expect(first.days).toEqual([1, 2, 3, 4, 5]);
    expect(newRow([first]).days).toEqual([6, 0]);
  });

  it("names each row's problem while typing: no day, an end not after its start, an overlap", () => {
    expect(
      rowProblems([
        { days: [1, 2, 3, 4, 5], start: "07:00", end: "12:00" },
        { days: [], start: "08:00", end: "09:00" },
        { days: [6], start: "13:00", end: "13:00" },
        { days: [3, 6], start: "11:00", end: "15:00" },
        { days: [6], start: "15:00", end: "18:00" },
      ]),
    ).toEqual([
      null,
      ROW_NEEDS_A_DAY,
      AVAILABILITY_END_AFTER_START,
      "Overlaps 7:00 AM–12:00 PM on Wed",
      null,
    ]);
  });

  it("refuses more windows than the API keeps", () => {
    const everyDay = [1, 2, 3, 4, 5, 6, 0];
    const rows = ["06:00", "09:00", "12:00", "15:00"].map((start, index) => ({
      days: everyDay,
      start,
      end: `${String(8 + index * 3).padStart(2, "0")}:00`,
    }));
    expect(patternProblem(rows.slice(0, 3))).toBeNull();
    expect(patternProblem(rows)).toBe(ROW_TOO_MANY);
  });
});
