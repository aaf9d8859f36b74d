/**
 * Ids have one canonical form, lower case, whatever case they arrive in, and a company
 * name that goes into e-mails carries no link (issue 33).
 */
import { describe, expect, it } from "vitest";
import {
  COMPANY_NAME_LINK,
  ZCallRecordCreate,
  ZCompanyCreate,
  ZCompanyId,
  ZIdParams,
  ZJobCreate,
  ZMemberLink,
  ZMemberParams,
  ZRegister,
} from "../src";
import { messagesOf } from "./messages";

const ID = "5f0c6a4e-8d1b-4c3e-9a2f-1b2c3d4e5f60";
const UPPER = ID.toUpperCase();

describe("ids", () => {
  it("are read in lower case wherever they are given", () => {
    expect(ZCompanyId.parse(UPPER)).toBe(ID);
    expect(ZIdParams.parse({ id: UPPER })).toEqual({ id: ID });
    expect(ZMemberParams.parse({ companyId: UPPER, userId: UPPER })).toEqual({ companyId: ID, userId: ID });
    expect(ZMemberLink.parse({ employeeId: UPPER })).toEqual({ employeeId: ID });
    const job = ZJobCreate.parse({
      companyId: UPPER,
      employeeId: UPPER,
      customerId: UPPER,
      type: "Repair",
      location: "1 Main St",
      date: "2026-11-27",
      time: "08:00",
    });
    expect(job).toMatchObject({ companyId: ID, employeeId: ID, customerId: ID });
    expect(
      ZCallRecordCreate.parse({
        companyId: UPPER,
        customerId: UPPER,
        customerName: "Jane",
        customerPhone: "555 010 0100",
        callDate: "2026-11-27",
        callTime: "09:00",
      }),
    ).toMatchObject({
      companyId: ID,
      customerId: ID,
    });
  });

  it("still refuse what is not a UUID", () => {
    expect(messagesOf(ZCompanyId, "not-an-id")).toEqual(["Company id is required"]);
  });
});

describe("company names", () => {
  const register = (companyName: string) => ({
    email: "sam@example.test",
    password: "long-enough-1",
    firstName: "Sam",
    lastName: "Signup",
    companyName,
  });

  it("refuse a link at registration and creation, with a field message", () => {
    for (const name of [
      "https://evil.test",
      "Visit www.evil",
      "evil.example.com deals",
      "mail info@acme.io",
    ]) {
      expect(messagesOf(ZCompanyCreate, { name })).toEqual([COMPANY_NAME_LINK]);
      expect(messagesOf(ZRegister, register(name))).toEqual([COMPANY_NAME_LINK]);
    }
    expect(COMPANY_NAME_LINK).toBe("Company name cannot contain a link");
  });

  it("keep names with dots that are not links", () => {
    for (const name of ["Smith & Co.", "J.R. Plumbing", "St. Louis Heating", "No.1 Plumbers", "3.5 Stars"]) {
      expect(messagesOf(ZCompanyCreate, { name })).toEqual([]);
    }
  });
});
