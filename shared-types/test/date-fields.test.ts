/**
 * Every date the API accepts is read by the one date schema (calendarDate in
 * shared-types/src/schemas/common.ts; docs/api.md): a real calendar date
 * yyyy-MM-dd in the years 1900 to 2999, refused with the field's own words otherwise.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  isCalendarDate,
  ZCallDayQuery,
  ZCallRecordCreate,
  ZDate,
  ZJobCreate,
  ZJobListQuery,
  ZJobUpdate,
  ZPresenceJoin,
  ZTemplateApply,
  ZTemplateCreate,
} from "../src";
import { messagesOf } from "./messages";

const COMPANY = "5f0c6a4e-8d1b-4c3e-9a2f-1b2c3d4e5f60";
const EMPLOYEE = "0e4b9f3c-2a1d-4f5e-8b7c-6d5e4f3a2b1c";

const notReal = (label: string) => `${label} must be a real calendar date between 1900 and 2999`;

describe("a real calendar date", () => {
  it("has the days its month has, leap years included", () => {
    for (const date of ["2024-02-29", "2000-02-29", "2026-01-31", "2026-04-30", "2026-12-31"])
      expect(isCalendarDate(date)).toBe(true);
    for (const date of ["2025-02-29", "1900-02-29", "2026-02-30", "2026-04-31", "2026-06-31", "2026-11-31"])
      expect(isCalendarDate(date)).toBe(false);
  });

  it("falls in the years 1900 to 2999", () => {
    for (const date of ["1900-01-01", "2999-12-31"]) expect(messagesOf(ZDate, date)).toEqual([]);
    for (const date of ["1899-12-31", "3000-01-01", "0000-01-01", "9999-12-31"])
      expect(messagesOf(ZDate, date)).toEqual([notReal("Date")]);
  });

  it("is text: a number or an object is a missing date", () => {
    for (const value of [20261123, null, {}, ["2026-11-23"]])
      expect(messagesOf(ZDate, value)).toEqual(["Date is required"]);
  });
});

/** Each date field of the API: a valid input, the field, and the words its messages start with. */
const DATE_FIELDS: [
  name: string,
  schema: z.ZodType,
  valid: Record<string, unknown>,
  field: string,
  label: string,
][] = [
  [
    "a job's date (create)",
    ZJobCreate,
    { employeeId: EMPLOYEE, type: "Repair", location: "1 Main St", date: "2026-11-23", time: "09:00" },
    "date",
    "Date",
  ],
  ["a job's date (update)", ZJobUpdate, { date: "2026-11-23" }, "date", "Date"],
  ["the job list's start", ZJobListQuery, { startDate: "2026-11-23" }, "startDate", "Date"],
  ["the job list's end", ZJobListQuery, { endDate: "2026-11-29" }, "endDate", "Date"],
  ["a template's week", ZTemplateCreate, { name: "Week", weekStart: "2026-11-23" }, "weekStart", "Date"],
  ["the week a template is applied to", ZTemplateApply, { weekStart: "2026-11-23" }, "weekStart", "Date"],
  [
    "a call's date",
    ZCallRecordCreate,
    { customerName: "Cal", customerPhone: "555 0100", callDate: "2026-11-23", callTime: "10:00" },
    "callDate",
    "Call date",
  ],
  ["the call log's day", ZCallDayQuery, { date: "2026-11-23" }, "date", "Date"],
  [
    "the board's week (presence)",
    ZPresenceJoin,
    { companyId: COMPANY, weekStart: "2026-11-23" },
    "weekStart",
    "Date",
  ],
];

describe.each(DATE_FIELDS)("%s", (_name, schema, valid, field, label) => {
  it("takes a real date and refuses an impossible one with the field's words", () => {
    expect(messagesOf(schema, valid)).toEqual([]);
    // 2026-03-02 is a Monday, as the presence week must be; the 30th of February is not a day at all.
    for (const date of ["2026-02-30", "2026-04-31", "2025-02-29", "1899-12-28", "3000-01-06"])
      expect(messagesOf(schema, { ...valid, [field]: date })).toEqual([notReal(label)]);
    expect(messagesOf(schema, { ...valid, [field]: "30/02/2026" })).toEqual([`${label} must be yyyy-MM-dd`]);
  });
});

describe("a job's completion time", () => {
  it("is an ISO date and time with its offset, in the same years", () => {
    for (const completedAt of ["2026-11-23T10:00:00Z", "2024-02-29T23:59:59+02:00", null])
      expect(messagesOf(ZJobUpdate, { completedAt })).toEqual([]);
    for (const completedAt of [
      "0000-01-01T00:00:00Z",
      "3000-01-01T00:00:00Z",
      "2026-02-30T10:00:00Z",
      "soon",
    ])
      expect(messagesOf(ZJobUpdate, { completedAt })).toEqual(["Completed at must be a date and time"]);
  });
});
