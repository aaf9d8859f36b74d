/**
 * Phone numbers (docs/customers.md): a national number is read in the
 * company's country; a short local number is kept as typed, matched by its digits, so the
 * same caller booked twice is one customer; a number a person can dial is never refused.
 */
import { db } from "@sched/core/db/client";
import { customers } from "@sched/core/db/schema";
import { normalizePhone } from "@sched/core/lib/phones";
import { buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

describe("normalizePhone", () => {
  it("reads national numbers in the country, keeps short local ones by their digits, refuses the rest", () => {
    expect(normalizePhone("(555) 010-2000", "US")).toBe("+15550102000");
    expect(normalizePhone("020 7946 0958", "GB")).toBe("+442079460958");
    expect(normalizePhone("+44 20 7946 0958", "US")).toBe("+442079460958");
    expect(normalizePhone("555-0100", "US")).toBe("5550100");
    expect(normalizePhone("555 01 00", "US")).toBe("5550100");
    for (const text of ["+++++++", "(((((((", "2026-02-30", "+1 555 01", "12 34", ""]) {
      expect(normalizePhone(text, "US"), text).toBeNull();
    }
  });
});

describe("short local numbers", () => {
  it("a customer keeps the number as typed; another spelling of it is the same customer", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const res = await agent
      .post("/api/customers")
      .send({ companyId: company.id, name: "Lou Local", phone: "555-0100" });
    expect(res.status).toBe(201);
    expect(res.body.phone).toBe("555-0100");
    const again = await agent
      .post("/api/customers")
      .send({ companyId: company.id, name: "Lou", phone: "555 0100" });
    expect(again.status).toBe(409);
  });

  it("booking twice from the same caller makes one customer, named after the caller", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const bookFrom = async (customerPhone: string, date: string) => {
      const call = await agent.post("/api/call-records").send({
        companyId: company.id,
        customerName: "Rita Caller",
        customerPhone,
        customerEmail: null,
        customerAddress: null,
        serviceType: "service",
        notes: "",
        callDate: date,
        callTime: "10:00",
      });
      expect(call.status).toBe(201);
      const job = await agent.post("/api/jobs").send({
        companyId: company.id,
        employeeId: employee.id,
        type: "Repair",
        location: "3 Short St",
        date,
        time: "09:00",
        callRecordId: call.body.id,
      });
      expect(job.status).toBe(201);
      return job.body as { customerId: string; customerName: string };
    };
    const first = await bookFrom("555-0100", "2026-12-01");
    const second = await bookFrom("555.0100", "2026-12-02");
    expect(first.customerId).toBeTruthy();
    expect(second.customerId).toBe(first.customerId);
    expect(second.customerName).toBe("Rita Caller");
    const rows = await db.select().from(customers).where(eq(customers.companyId, company.id));
    expect(rows.map((row) => [row.name, row.phone, row.phoneNormalized])).toEqual([
      ["Rita Caller", "555-0100", "5550100"],
    ]);
  });
});
