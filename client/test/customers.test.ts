import type { CustomerDTO } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { fieldsFromCustomer, importSummary } from "../src/features/customers/customerFields";

const customer: CustomerDTO = {
  id: "c1",
  companyId: "co1",
  name: "Maria Chen",
  phone: "(555) 010-2000",
  email: null,
  address: "12 Elm St",
  notes: null,
  noticesOptedOut: false,
  channels: { sms: "none", email: "none" },
  place: null,
  createdAt: "2026-11-23T08:00:00.000Z",
  updatedAt: "2026-11-23T08:00:00.000Z",
  version: 1,
};

describe("the job form's customer field", () => {
  it("fills the location and contact fields with what the customer has, leaving the rest", () => {
    expect(fieldsFromCustomer(customer)).toEqual({
      customerId: "c1",
      location: "12 Elm St",
      customerPhone: "(555) 010-2000",
    });
  });
});

describe("the import preview", () => {
  it("says what the import does in words", () => {
    expect(importSummary({ created: 1, updated: 2, skipped: 3, errors: [], dryRun: true, changes: [] })).toBe(
      "1 new customer, 2 updated, 3 skipped",
    );
  });
});
