import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatHour,
  formatTime,
  formatTimeOf,
  setTimeFormat,
  shiftWeek,
  toISODate,
  weekDays,
  weekRangeLabel,
  weekStart,
} from "../src/lib/dates";

// Local-time constructors: the helpers work on the user's calendar, not UTC.
const day = (year: number, month: number, date: number, hours = 0) => new Date(year, month - 1, date, hours);

describe("weekStart", () => {
  it("is the Monday at midnight of the same week", () => {
    expect(toISODate(weekStart(day(2025, 1, 8, 15)))).toBe("2025-01-06"); // Wednesday
    expect(weekStart(day(2025, 1, 8, 15)).hour()).toBe(0);
    expect(toISODate(weekStart(day(2025, 1, 6)))).toBe("2025-01-06"); // Monday itself
    expect(toISODate(weekStart(day(2025, 1, 11)))).toBe("2025-01-06"); // Saturday
  });

  it("counts Sunday as the end of the week, not the start", () => {
    expect(toISODate(weekStart(day(2025, 1, 12)))).toBe("2025-01-06");
  });

  it("crosses month and year boundaries", () => {
    expect(toISODate(weekStart(day(2026, 1, 1)))).toBe("2025-12-29");
    expect(toISODate(weekStart("2025-03-02"))).toBe("2025-02-24");
  });
});

describe("week helpers", () => {
  it("steps whole weeks from any day", () => {
    expect(toISODate(shiftWeek(day(2025, 1, 8), 1))).toBe("2025-01-13");
    expect(toISODate(shiftWeek(day(2025, 1, 6), -1))).toBe("2024-12-30");
  });

  it("lists Monday to Saturday by default, or as many days as asked", () => {
    const days = weekDays(weekStart(day(2025, 1, 8)));
    expect(days.map(toISODate)).toEqual([
      "2025-01-06",
      "2025-01-07",
      "2025-01-08",
      "2025-01-09",
      "2025-01-10",
      "2025-01-11",
    ]);
    expect(
      weekDays(day(2025, 1, 6), 7)
        .at(-1)
        ?.format("dddd"),
    ).toBe("Sunday");
  });

  it("labels a range, with both years when it crosses one", () => {
    expect(weekRangeLabel(day(2025, 1, 6))).toBe("Jan 6 – Jan 11, 2025");
    expect(weekRangeLabel(day(2025, 1, 6), 7)).toBe("Jan 6 – Jan 12, 2025");
    expect(weekRangeLabel(day(2025, 12, 29))).toBe("Dec 29, 2025 – Jan 3, 2026");
  });
});

describe("formatting", () => {
  it("formats dates", () => {
    expect(toISODate(day(2025, 3, 9))).toBe("2025-03-09");
    expect(formatDay(day(2025, 1, 6))).toBe("Mon, Jan 6");
    expect(formatDate(day(2025, 1, 6))).toBe("Jan 6, 2025");
  });

  it("formats wall-clock times on a 12-hour clock", () => {
    expect(formatTime("00:05")).toBe("12:05 AM");
    expect(formatTime("09:30")).toBe("9:30 AM");
    expect(formatTime("12:00")).toBe("12:00 PM");
    expect(formatTime("14:30")).toBe("2:30 PM");
    expect(formatTime("soon")).toBe("soon");
  });

  it("formats every time in the company's format once its settings set one", () => {
    setTimeFormat("24h");
    try {
      expect(formatTime("09:30")).toBe("09:30");
      expect(formatTime("14:30")).toBe("14:30");
      expect(formatHour("14:00")).toBe("14:00");
      expect(formatTimeOf(day(2025, 1, 6, 14))).toBe("14:00");
      expect(formatDateTime(day(2025, 1, 6, 14))).toBe("Jan 6, 2025, 14:00");
    } finally {
      setTimeFormat("12h");
    }
    expect(formatTime("14:30")).toBe("2:30 PM");
    expect(formatHour("14:00")).toBe("2 PM");
    expect(formatDateTime(day(2025, 1, 6, 14))).toBe("Jan 6, 2025, 2:00 PM");
  });
});
