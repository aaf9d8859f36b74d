import { describe, expect, it } from "vitest";
import { adminStatusLabel, FREE_ACCESS_NOTES_MAX, ZGrantFreeAccess, ZMakeAdmin } from "../src";
import { messagesOf } from "./messages";

const COMPANY = "5f0c6a4e-8d1b-4c3e-9a2f-1b2c3d4e5f60";

describe("the admin dashboard's status of a company", () => {
  it("is checked in order: free, then paid, then trial, else inactive", () => {
    expect(adminStatusLabel({ isFreeAccount: true, subscriptionStatus: "past_due" })).toBe("FREE");
    expect(adminStatusLabel({ isFreeAccount: false, subscriptionStatus: "active" })).toBe("PAID");
    expect(adminStatusLabel({ isFreeAccount: false, subscriptionStatus: "trial" })).toBe("TRIAL");
    for (const status of ["canceled", "past_due", "unpaid", "incomplete"])
      expect(adminStatusLabel({ isFreeAccount: false, subscriptionStatus: status })).toBe("INACTIVE");
  });
});

describe("platform administration forms", () => {
  it("needs a reason for free access, within its limit", () => {
    expect(messagesOf(ZGrantFreeAccess, { companyId: COMPANY, notes: "Charity" })).toEqual([]);
    expect(messagesOf(ZGrantFreeAccess, { companyId: COMPANY, notes: "  " })).toEqual(["Reason is required"]);
    expect(
      messagesOf(ZGrantFreeAccess, { companyId: COMPANY, notes: "r".repeat(FREE_ACCESS_NOTES_MAX + 1) }),
    ).toEqual([`Reason must be ${FREE_ACCESS_NOTES_MAX} characters or less`]);
    expect(messagesOf(ZGrantFreeAccess, { companyId: "acme", notes: "Charity" })).toEqual([
      "Company id is required",
    ]);
  });

  it("makes an admin only with both fields", () => {
    expect(messagesOf(ZMakeAdmin, { email: "", adminPassword: "" })).toEqual([
      "Email is required",
      "Setup password is required",
    ]);
    expect(messagesOf(ZMakeAdmin, { email: "root", adminPassword: "x" })).toEqual(["Invalid email address"]);
  });
});
