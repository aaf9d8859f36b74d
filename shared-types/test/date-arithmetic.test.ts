/**
 * Calendar arithmetic on yyyy-MM-dd strings (shared-types/src/dates.ts), in UTC: weeks start
 * on Monday, and no time zone or daylight-saving change of the machine may move a date.
 */
import { describe, expect, it } from "vitest";
import {
  addDays,
  clockTime,
  daysBetween,
  epochDay,
  formatCalendarDate,
  isoWeekday,
  localDateString,
  minutesOfDay,
  toDateString,
  weekDates,
  weekStartOf,
} from "../src";

describe("calendar arithmetic", () => {
  it("adds days across month ends, year ends and leap days", () => {
    expect(addDays("2026-11-23", 6)).toBe("2026-11-29");
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2027-01-01", -7)).toBe("2026-12-25");
    expect(addDays("2026-11-23", 0)).toBe("2026-11-23");
  });

  it("is not moved by the daylight-saving weekends of Europe and America", () => {
    // 2026-03-29 (EU) and 2026-03-08, 2026-11-01 (US) are 23- or 25-hour days in local time.
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-10-31", 2)).toBe("2026-11-02");
  });

  it("rolls a day the month does not have over, as dayjs reads it", () => {
    expect(addDays("2030-02-31", 0)).toBe("2030-03-03");
  });

  it("counts days between dates and from 1970-01-01", () => {
    expect(epochDay("1970-01-01")).toBe(0);
    expect(epochDay("1970-01-08")).toBe(7);
    expect(daysBetween("2026-11-23", "2026-12-01")).toBe(8);
    expect(daysBetween("2026-12-01", "2026-11-23")).toBe(-8);
    expect(Number.isNaN(epochDay("soon"))).toBe(true);
  });

  it("finds the Monday of any day's week, Sunday belonging to the week before", () => {
    expect(weekStartOf("2026-11-23")).toBe("2026-11-23"); // Monday
    expect(weekStartOf("2026-11-28")).toBe("2026-11-23"); // Saturday
    expect(weekStartOf("2026-11-29")).toBe("2026-11-23"); // Sunday
    expect(weekStartOf("2026-11-30")).toBe("2026-11-30");
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28"); // a week across the new year
    expect(weekStartOf("2028-03-01")).toBe("2028-02-28"); // across a leap day
  });

  it("numbers ISO weekdays from Monday (1) to Sunday (7) and lists a week's dates", () => {
    const week = weekDates("2026-11-23");
    expect(week).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(week.map(isoWeekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekDates("2026-12-28", 6).at(-1)).toBe("2027-01-02");
  });

  it("reads the calendar date of an instant in UTC, or on this machine's clock", () => {
    expect(toDateString(new Date("2026-11-23T23:59:59.999Z"))).toBe("2026-11-23");
    expect(toDateString(new Date("2026-11-24T00:30:00+01:00"))).toBe("2026-11-23");
    expect(localDateString(new Date(2026, 10, 23, 23, 59))).toBe("2026-11-23");
    expect(localDateString(new Date(2027, 0, 5, 0, 1))).toBe("2027-01-05");
  });

  it("counts a wall-clock time in minutes since midnight, and back", () => {
    expect(minutesOfDay("00:00")).toBe(0);
    expect(minutesOfDay("09:30")).toBe(570);
    expect(minutesOfDay("23:45")).toBe(1425);
    expect(clockTime(0)).toBe("00:00");
    expect(clockTime(570)).toBe("09:30");
    expect(clockTime(1440)).toBe("24:00");
    for (let minutes = 0; minutes <= 1440; minutes += 5)
      expect(minutesOfDay(clockTime(minutes))).toBe(minutes);
  });

  it("writes a date the way people read it", () => {
    expect(formatCalendarDate("2026-11-23")).toBe("Nov 23, 2026");
    expect(formatCalendarDate("2027-01-05")).toBe("Jan 5, 2027");
  });
});
