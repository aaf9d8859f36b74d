/**
 * Calendar dates travel as plain yyyy-MM-dd strings (docs/schedule.md): these are the
 * rules every form and route reads them with, leap years and month ends included.
 */
import { describe, expect, it } from "vitest";
import { calendarDate, clockIn, dateIn, wallClock, ZDate, ZPresenceJoin, ZTemplateApply } from "../src";
import { messagesOf } from "./messages";

const COMPANY = "5f0c6a4e-8d1b-4c3e-9a2f-1b2c3d4e5f60";
const callDate = calendarDate("Call date");
const DATE_NOT_REAL = "Date must be a real calendar date between 1900 and 2999";
const CALL_DATE_NOT_REAL = "Call date must be a real calendar date between 1900 and 2999";

describe("a calendar date", () => {
  it("is written yyyy-MM-dd, nothing else", () => {
    for (const date of ["2026-11-23", "2000-01-01", "2026-12-31"])
      expect(messagesOf(ZDate, date)).toEqual([]);
    for (const date of ["2026-1-5", "23/11/2026", "2026-11-23T00:00:00Z", "20261123", " 2026-11-23"])
      expect(messagesOf(ZDate, date)).toEqual(["Date must be yyyy-MM-dd"]);
    expect(messagesOf(ZDate, undefined)).toEqual(["Date is required"]);
    expect(messagesOf(ZDate, "")).toEqual(["Date is required"]);
  });

  it("has a month from 1 to 12 and a day the month can have", () => {
    expect(messagesOf(ZDate, "2026-13-01")).toEqual(["Date must be yyyy-MM-dd"]);
    expect(messagesOf(ZDate, "2026-00-10")).toEqual(["Date must be yyyy-MM-dd"]);
    expect(messagesOf(ZDate, "2026-01-32")).toEqual(["Date must be yyyy-MM-dd"]);
  });

  it("knows leap years, on the call log's dates", () => {
    expect(messagesOf(callDate, "2028-02-29")).toEqual([]);
    expect(messagesOf(callDate, "2000-02-29")).toEqual([]);
    for (const date of ["2026-02-29", "2100-02-29", "2026-04-31"])
      expect(messagesOf(callDate, date)).toEqual([CALL_DATE_NOT_REAL]);
    expect(messagesOf(callDate, "")).toEqual(["Call date is required"]);
  });

  it("refuses, everywhere, a day past the end of a short month", () => {
    for (const date of ["2026-02-29", "2026-02-30", "2026-04-31"])
      expect(messagesOf(ZDate, date)).toEqual([DATE_NOT_REAL]);
  });
});

describe("the week a board shows", () => {
  it("starts on a Monday, whatever the year", () => {
    for (const weekStart of ["2026-11-23", "2024-12-30", "2028-02-28"])
      expect(messagesOf(ZPresenceJoin, { companyId: COMPANY, weekStart })).toEqual([]);
    for (const weekStart of ["2026-11-22", "2026-11-24", "2026-11-29"])
      expect(messagesOf(ZPresenceJoin, { companyId: COMPANY, weekStart })).toEqual([
        "weekStart must be a Monday",
      ]);
  });

  it("is the week a template is applied to, applied once unless forced", () => {
    expect(ZTemplateApply.parse({ weekStart: "2026-11-23" })).toEqual({
      weekStart: "2026-11-23",
      force: false,
    });
    expect(messagesOf(ZTemplateApply, {})).toEqual(["Date is required"]);
  });
});

describe("a time zone's wall clock", () => {
  const instant = new Date("2026-03-08T11:00:00.000Z"); // 6:00 AM in Chicago, the morning DST began

  it("reads date and time in the zone, midnight as 00", () => {
    expect(wallClock(instant, "America/Chicago")).toBe("2026-03-08T06:00");
    expect(wallClock("2026-03-08T04:00:00.000Z", "America/Chicago")).toBe("2026-03-07T22:00");
    expect(wallClock(new Date("2026-01-01T00:00:00Z"), "UTC")).toBe("2026-01-01T00:00");
  });

  it("gives the date and the clock apart, in the same zone", () => {
    expect(dateIn(instant, "Asia/Tokyo")).toBe("2026-03-08");
    expect(clockIn(instant, "Asia/Tokyo")).toBe("20:00");
    expect(dateIn(new Date("2026-03-08T23:30:00Z"), "Asia/Tokyo")).toBe("2026-03-09");
  });
});
