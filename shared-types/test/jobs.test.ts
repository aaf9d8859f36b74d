import { describe, expect, it } from "vitest";
import { JOB_AMOUNT_MAX, ZJobAmount, ZJobCreate, ZJobListQuery, ZJobUpdate } from "../src";
import { messagesOf, parsed } from "./messages";

const EMPLOYEE_ID = "5f0c6a4e-8d1b-4c3e-9a2f-1b2c3d4e5f60";
const job = {
  employeeId: EMPLOYEE_ID,
  type: "Repair",
  location: "1 Main St",
  date: "2026-11-23",
  time: "09:00",
};

describe("a new job", () => {
  it("takes the plan's fields and fills in the defaults and the blanks", () => {
    expect(parsed(ZJobCreate, { ...job, location: "  1 Main St  " })).toEqual({
      ...job,
      description: null,
      status: "scheduled",
      paymentStatus: "pending",
      priority: "normal",
      amount: null,
      customerEmail: null,
      customerPhone: null,
      callRecordId: null,
      customerId: null,
    });
  });

  it("reads blank optional fields as none", () => {
    expect(
      parsed(ZJobCreate, {
        ...job,
        description: "   ",
        customerEmail: "",
        customerPhone: "",
        callRecordId: "",
      }),
    ).toMatchObject({ description: null, customerEmail: null, customerPhone: null, callRecordId: null });
  });

  it("is unscheduled without employee, date and time, and names the missing ones of a partial slot", () => {
    const { employeeId: _e, date: _d, time: _t, ...unplaced } = job;
    expect(messagesOf(ZJobCreate, unplaced)).toEqual([]);
    expect(messagesOf(ZJobCreate, { ...unplaced, employeeId: "", date: "", time: "" })).toEqual([]);
    expect(messagesOf(ZJobCreate, { ...unplaced, employeeId: null, date: null, time: null })).toEqual([]);
    expect(messagesOf(ZJobCreate, { ...unplaced, date: "2026-11-23" })).toEqual([
      "Employee is required",
      "Time is required",
    ]);
    expect(messagesOf(ZJobUpdate, { employeeId: null, date: null, time: null })).toEqual([]);
  });

  it("names the missing or wrong field", () => {
    expect(messagesOf(ZJobCreate, { ...job, employeeId: undefined })).toEqual(["Employee is required"]);
    expect(messagesOf(ZJobCreate, { ...job, employeeId: "" })).toEqual(["Employee is required"]);
    expect(messagesOf(ZJobCreate, { ...job, employeeId: "pat" })).toEqual(["Employee is not valid"]);
    expect(messagesOf(ZJobCreate, { ...job, type: undefined })).toEqual(["Job type is required"]);
    expect(messagesOf(ZJobCreate, { ...job, type: "Gardening" })).toEqual(["Job type is not valid"]);
    expect(messagesOf(ZJobCreate, { ...job, location: "   " })).toEqual(["Location is required"]);
    expect(messagesOf(ZJobCreate, { ...job, location: "x".repeat(201) })).toEqual([
      "Location must be 200 characters or less",
    ]);
    expect(messagesOf(ZJobCreate, { ...job, status: "done" })).toEqual(["Job status is not valid"]);
    expect(messagesOf(ZJobCreate, { ...job, paymentStatus: "free" })).toEqual([
      "Payment status is not valid",
    ]);
    expect(messagesOf(ZJobCreate, { ...job, customerEmail: "not-an-address" })).toEqual([
      "Invalid email address",
    ]);
    expect(messagesOf(ZJobCreate, { ...job, callRecordId: "call-1" })).toEqual(["Call record is not valid"]);
  });

  it("takes a time of day from 00:00 to 23:59 only, written HH:mm", () => {
    for (const time of ["00:00", "09:30", "23:59"])
      expect(messagesOf(ZJobCreate, { ...job, time })).toEqual([]);
    for (const time of ["24:00", "9:00", "09:60", "09:00:00"])
      expect(messagesOf(ZJobCreate, { ...job, time })).toEqual(["Time must be HH:mm"]);
    // Blank is no time: with an employee and a date it is missing (docs/schedule.md).
    expect(messagesOf(ZJobCreate, { ...job, time: "" })).toEqual(["Time is required"]);
  });
});

describe("a job's amount", () => {
  it("is money with at most two decimals, written as numeric(12,2) answers it", () => {
    expect(parsed(ZJobAmount, "95")).toBe("95.00");
    expect(parsed(ZJobAmount, 95.5)).toBe("95.50");
    expect(parsed(ZJobAmount, " 0.5 ")).toBe("0.50");
    expect(parsed(ZJobAmount, "0")).toBe("0.00");
    expect(parsed(ZJobAmount, String(JOB_AMOUNT_MAX))).toBe("9999999999.99");
  });

  it("is none when blank or absent", () => {
    for (const blank of ["", "  ", null, undefined]) expect(parsed(ZJobAmount, blank)).toBeNull();
  });

  it("refuses negatives, a third decimal, words and anything above numeric(12,2)", () => {
    for (const wrong of ["-1", "1.234", "12,50", "ten", "1e3", "10000000000.00", -5])
      expect(messagesOf(ZJobAmount, wrong)).toEqual(["Amount must be 0 or more with at most 2 decimals"]);
  });
});

describe("a job update", () => {
  it("changes only what it names: no default resets a status left out", () => {
    expect(parsed(ZJobUpdate, { status: "completed" })).toEqual({ status: "completed" });
    expect(parsed(ZJobUpdate, { location: "2 Other St" })).toEqual({ location: "2 Other St" });
  });

  it("must name something besides the company", () => {
    expect(messagesOf(ZJobUpdate, {})).toEqual(["Nothing to update"]);
    expect(messagesOf(ZJobUpdate, { companyId: EMPLOYEE_ID })).toEqual(["Nothing to update"]);
  });

  it("takes a completion time with its offset, or null to clear it", () => {
    expect(messagesOf(ZJobUpdate, { completedAt: "2026-11-23T10:15:00.000Z" })).toEqual([]);
    expect(messagesOf(ZJobUpdate, { completedAt: "2026-11-23T10:15:00+02:00" })).toEqual([]);
    expect(messagesOf(ZJobUpdate, { completedAt: null })).toEqual([]);
    expect(messagesOf(ZJobUpdate, { completedAt: "yesterday" })).toEqual([
      "Completed at must be a date and time",
    ]);
  });

  it("takes a photo as a data URL, or null to remove it", () => {
    expect(messagesOf(ZJobUpdate, { beforePhoto: "data:image/png;base64,AAAA" })).toEqual([]);
    expect(messagesOf(ZJobUpdate, { afterPhoto: null })).toEqual([]);
    expect(messagesOf(ZJobUpdate, { afterPhoto: "https://example.test/a.png" })).toEqual([
      "Photo must be a JPEG, PNG or WebP image",
    ]);
  });
});

describe("the jobs list's window", () => {
  it("may be open on either side, or one day, but never backwards", () => {
    expect(messagesOf(ZJobListQuery, {})).toEqual([]);
    expect(messagesOf(ZJobListQuery, { startDate: "2026-11-19" })).toEqual([]);
    expect(messagesOf(ZJobListQuery, { startDate: "2026-11-23", endDate: "2026-11-23" })).toEqual([]);
    expect(messagesOf(ZJobListQuery, { startDate: "2026-11-27", endDate: "2026-11-19" })).toEqual([
      "Start date must not be after end date",
    ]);
  });
});
