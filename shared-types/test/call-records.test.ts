import { describe, expect, it } from "vitest";
import {
  CUSTOMER_ADDRESS_MAX,
  JOB_LOCATION_MAX,
  ZCallDayQuery,
  ZCallRecordCreate,
  ZDailyCallUpdate,
} from "../src";
import { messagesOf, parsed } from "./messages";

const call = {
  customerName: "Cal Caller",
  customerPhone: "555 0100",
  callDate: "2026-11-23",
  callTime: "10:30",
};
const PHONE_MESSAGE = "Customer phone must be 7 to 20 characters: digits, spaces and + - ( ) .";

describe("a call record", () => {
  it("stores optional fields left empty, blank or out as null, and is a service call by default", () => {
    expect(parsed(ZCallRecordCreate, call)).toEqual({
      ...call,
      customerEmail: null,
      customerAddress: null,
      notes: null,
      serviceType: "service",
    });
    expect(
      parsed(ZCallRecordCreate, { ...call, customerEmail: "  ", customerAddress: "", notes: "   " }),
    ).toMatchObject({ customerEmail: null, customerAddress: null, notes: null });
    expect(parsed(ZCallRecordCreate, { ...call, customerEmail: null }).customerEmail).toBeNull();
  });

  it("takes phone numbers as people write them, and nothing else", () => {
    for (const phone of ["+1 (555) 010-0100", "555.0100", "0123456"])
      expect(messagesOf(ZCallRecordCreate, { ...call, customerPhone: phone })).toEqual([]);
    for (const phone of ["555 01", "call me please", "5".repeat(21), "555-0100 ext. 2"])
      expect(messagesOf(ZCallRecordCreate, { ...call, customerPhone: phone })).toEqual([PHONE_MESSAGE]);
    expect(messagesOf(ZCallRecordCreate, { ...call, customerPhone: "  " })).toEqual([
      "Customer phone is required",
    ]);
  });

  it("names the missing field once, not once per rule", () => {
    expect(messagesOf(ZCallRecordCreate, { ...call, customerName: " " })).toEqual([
      "Customer name is required",
    ]);
    expect(messagesOf(ZCallRecordCreate, { ...call, callDate: "" })).toEqual(["Call date is required"]);
    expect(messagesOf(ZCallRecordCreate, { ...call, callTime: "" })).toEqual(["Call time is required"]);
    expect(messagesOf(ZCallRecordCreate, { ...call, customerPhone: undefined })).toEqual([
      "Customer phone is required",
    ]);
  });

  it("refuses a wrong service type, e-mail or time", () => {
    expect(messagesOf(ZCallRecordCreate, { ...call, serviceType: "repair" })).toEqual([
      "Service type must be service or estimate",
    ]);
    expect(messagesOf(ZCallRecordCreate, { ...call, customerEmail: "cal@" })).toEqual([
      "Customer email must be a valid email address",
    ]);
    expect(messagesOf(ZCallRecordCreate, { ...call, callTime: "10:30 am" })).toEqual([
      "Call time must be HH:mm",
    ]);
  });

  it("keeps an address that fits a job's location, since a job can be booked from the call", () => {
    expect(CUSTOMER_ADDRESS_MAX).toBe(JOB_LOCATION_MAX);
    expect(messagesOf(ZCallRecordCreate, { ...call, customerAddress: "x".repeat(JOB_LOCATION_MAX) })).toEqual(
      [],
    );
    expect(
      messagesOf(ZCallRecordCreate, { ...call, customerAddress: "x".repeat(JOB_LOCATION_MAX + 1) }),
    ).toEqual([`Customer address must be ${JOB_LOCATION_MAX} characters or less`]);
  });

  it("keeps notes up to 2000 characters, for the record and for the day", () => {
    expect(messagesOf(ZCallRecordCreate, { ...call, notes: "n".repeat(2000) })).toEqual([]);
    expect(messagesOf(ZCallRecordCreate, { ...call, notes: "n".repeat(2001) })).toEqual([
      "Notes must be 2000 characters or less",
    ]);
    expect(parsed(ZDailyCallUpdate, { notes: "" }).notes).toBeNull();
    expect(messagesOf(ZDailyCallUpdate, { notes: "n".repeat(2001) })).toEqual([
      "Notes must be 2000 characters or less",
    ]);
  });

  it("lists a day that may be left out (today), and names a wrong one", () => {
    expect(parsed(ZCallDayQuery, {})).toEqual({});
    expect(messagesOf(ZCallDayQuery, { date: "23/11/2026" })).toEqual(["Date must be yyyy-MM-dd"]);
  });
});
