import { db } from "@sched/core/db/client";
import { callRecords, jobs } from "@sched/core/db/schema";
import { toDateString } from "@sched/core/lib/dates";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { CALL_PHONE_NOT_A_NUMBER } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const DAY = "2026-03-04";
const newCall = {
  customerName: "Jane Doe",
  customerPhone: "(555) 123-4567",
  customerEmail: "jane@example.com",
  customerAddress: "12 Elm St",
  serviceType: "estimate",
  notes: "Kitchen tap drips",
  callDate: DAY,
  callTime: "09:30",
};

async function buildCall(companyId: string, overrides: Partial<typeof callRecords.$inferInsert> = {}) {
  const [row] = await db
    .insert(callRecords)
    .values({
      companyId,
      customerName: "Sam Caller",
      customerPhone: "555-010-0100",
      callDate: DAY,
      callTime: "10:00",
      ...overrides,
    })
    .returning();
  return row;
}

describe("GET /api/call-records", () => {
  it("answers 401 signed out and 403 to a non-member", async () => {
    const { company } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().get(`/api/call-records?companyId=${company.id}&date=${DAY}`)).status).toBe(401);
    const res = await (await agentFor(other.owner)).get(
      `/api/call-records?companyId=${company.id}&date=${DAY}`,
    );
    expect(res.status).toBe(403);
  });

  it("lists one day's calls, latest first, with the jobs booked from each, to any member", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const early = await buildCall(company.id, { callTime: "08:05" });
    const late = await buildCall(company.id, { callTime: "16:45", customerName: "Late Caller" });
    await buildCall(company.id, { callDate: "2026-03-05" });
    const other = await buildTenant();
    await buildCall(other.company.id);
    const first = await buildJob(company.id, employee.id, { callRecordId: late.id });
    const second = await buildJob(company.id, employee.id, { callRecordId: late.id });

    const res = await (await agentFor(employeeUser)).get(
      `/api/call-records?companyId=${company.id}&date=${DAY}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.map((call: { id: string }) => call.id)).toEqual([late.id, early.id]);
    expect(res.body[0]).toMatchObject({
      customerName: "Late Caller",
      serviceType: "service",
      customerEmail: null,
      callDate: DAY,
      callTime: "16:45",
    });
    expect([...res.body[0].bookedJobIds].sort()).toEqual([first.id, second.id].sort());
    expect(res.body[1].bookedJobIds).toEqual([]);
  });

  it("defaults to the server's UTC date and refuses a malformed date", async () => {
    const { company, owner } = await buildTenant();
    const today = await buildCall(company.id, { callDate: toDateString(new Date()) });
    await buildCall(company.id, { callDate: "2020-01-01" });
    const agent = await agentFor(owner);
    const res = await agent.get(`/api/call-records?companyId=${company.id}`);
    expect(res.body.map((call: { id: string }) => call.id)).toEqual([today.id]);
    const bad = await agent.get(`/api/call-records?companyId=${company.id}&date=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Date must be a real calendar date between 1900 and 2999");
  });
});

describe("POST /api/call-records", () => {
  it("answers 401 signed out", async () => {
    const { company } = await buildTenant();
    expect(
      (
        await anonymous()
          .post("/api/call-records")
          .send({ ...newCall, companyId: company.id })
      ).status,
    ).toBe(401);
  });

  it("creates for owners and admins, 403 for the employee role", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    for (const user of [owner, admin]) {
      const res = await (await agentFor(user))
        .post("/api/call-records")
        .send({ ...newCall, companyId: company.id });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ...newCall, companyId: company.id, bookedJobIds: [] });
    }
    const refused = await (await agentFor(employeeUser))
      .post("/api/call-records")
      .send({ ...newCall, companyId: company.id });
    expect(refused.status).toBe(403);
    const stored = await db.select().from(callRecords).where(eq(callRecords.companyId, company.id));
    expect(stored).toHaveLength(2);
  });

  it("stores empty optional fields as null and defaults the service type to service", async () => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner)).post("/api/call-records").send({
      ...newCall,
      customerName: "  Jane Doe  ",
      customerEmail: "",
      customerAddress: "   ",
      notes: "",
      serviceType: undefined,
      companyId: company.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      customerName: "Jane Doe",
      customerEmail: null,
      customerAddress: null,
      notes: null,
      serviceType: "service",
    });
  });

  it.each([
    [{ customerName: "" }, "Customer name is required"],
    [{ customerName: undefined }, "Customer name is required"],
    [{ customerPhone: "" }, "Customer phone is required"],
    [{ customerPhone: "555-12" }, "Customer phone must be 7 to 20 characters: digits, spaces and + - ( ) ."],
    [
      { customerPhone: "call 5551234" },
      "Customer phone must be 7 to 20 characters: digits, spaces and + - ( ) .",
    ],
    [
      { customerPhone: "1".repeat(21) },
      "Customer phone must be 7 to 20 characters: digits, spaces and + - ( ) .",
    ],
    [{ customerEmail: "jane@" }, "Customer email must be a valid email address"],
    [{ serviceType: "repair" }, "Service type must be service or estimate"],
    [{ notes: "x".repeat(2001) }, "Notes must be 2000 characters or less"],
    [{ callDate: undefined }, "Call date is required"],
    [{ callDate: "04/03/2026" }, "Call date must be yyyy-MM-dd"],
    [{ callTime: "" }, "Call time is required"],
    [{ callTime: "9:30" }, "Call time must be HH:mm"],
  ])("refuses %o with the field's message", async (change, message) => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/call-records")
      .send({ ...newCall, ...change, companyId: company.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each(["+++++++", "(((((((", "2026-02-30", "+1 555 01"])(
    "refuses the phone %s that is no number in the company's country, as a customer's (issue 33)",
    async (customerPhone) => {
      const { company, owner } = await buildTenant();
      const agent = await agentFor(owner);
      const res = await agent
        .post("/api/call-records")
        .send({ ...newCall, customerPhone, companyId: company.id });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CALL_PHONE_NOT_A_NUMBER);
      expect(res.body.errors).toEqual([{ path: "customerPhone", message: CALL_PHONE_NOT_A_NUMBER }]);
      const logged = await agent.post("/api/call-records").send({ ...newCall, companyId: company.id });
      const edit = await agent.put(`/api/call-records/${logged.body.id}`).send({ ...newCall, customerPhone });
      expect(edit.status).toBe(400);
      expect(edit.body.message).toBe(CALL_PHONE_NOT_A_NUMBER);
    },
  );

  it("answers 402 once the trial has ended unpaid, while the log stays readable", async () => {
    const { company, owner } = await buildTenant({ trialEndsAt: new Date(Date.now() - 60_000) });
    const agent = await agentFor(owner);
    const res = await agent.post("/api/call-records").send({ ...newCall, companyId: company.id });
    expect(res.status).toBe(402);
    expect((await agent.get(`/api/call-records?companyId=${company.id}&date=${DAY}`)).status).toBe(200);
  });

  it("publishes callRecord.created to the company after commit", async () => {
    const gateway = await startGateway();
    try {
      const { company, owner, admin } = await buildTenant();
      const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(admin) });
      const received = nextEvent<{ id: string; customerName: string }>(socket, "callRecord.created");
      const res = await (await agentFor(owner))
        .post("/api/call-records")
        .send({ ...newCall, companyId: company.id });
      expect(await received).toMatchObject({ id: res.body.id, customerName: "Jane Doe" });
      socket.close();
    } finally {
      await gateway.close();
    }
  });
});

describe("PUT /api/call-records/:id", () => {
  it("updates the whole record and keeps its booked jobs", async () => {
    const { company, admin, employee } = await buildTenant();
    const call = await buildCall(company.id);
    const job = await buildJob(company.id, employee.id, { callRecordId: call.id });
    const res = await (await agentFor(admin))
      .put(`/api/call-records/${call.id}`)
      .send({ ...newCall, customerName: "Jane Roe", companyId: company.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...newCall,
      id: call.id,
      customerName: "Jane Roe",
      bookedJobIds: [job.id],
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.body.createdAt));
  });

  it("answers 400 with the field's message, 403 to the employee role, 404 for another company's call", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const call = await buildCall(company.id);
    const other = await buildTenant();
    const foreign = await buildCall(other.company.id);
    const agent = await agentFor(owner);

    const invalid = await agent.put(`/api/call-records/${call.id}`).send({ ...newCall, customerPhone: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe("Customer phone is required");

    const refused = await (await agentFor(employeeUser)).put(`/api/call-records/${call.id}`).send(newCall);
    expect(refused.status).toBe(403);

    const crossCompany = await agent.put(`/api/call-records/${foreign.id}`).send(newCall);
    const unknown = await agent.put("/api/call-records/00000000-0000-4000-8000-000000000000").send(newCall);
    for (const res of [crossCompany, unknown]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Call record not found");
    }
    const [untouched] = await db.select().from(callRecords).where(eq(callRecords.id, foreign.id));
    expect(untouched.customerName).toBe("Sam Caller");
  });
});

describe("DELETE /api/call-records/:id", () => {
  it("deletes for owners and admins; the booked job stays on the schedule, unlinked", async () => {
    const { company, owner, employee } = await buildTenant();
    const call = await buildCall(company.id);
    const job = await buildJob(company.id, employee.id, { callRecordId: call.id });
    const agent = await agentFor(owner);
    expect((await agent.delete(`/api/call-records/${call.id}`)).status).toBe(204);
    const list = await agent.get(`/api/call-records?companyId=${company.id}&date=${DAY}`);
    expect(list.body).toEqual([]);
    const [kept] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(kept.callRecordId).toBeNull();
  });

  it("answers 401 signed out, 403 to the employee role and 404 for another company's call", async () => {
    const { company, admin, employeeUser } = await buildTenant();
    const call = await buildCall(company.id);
    const other = await buildTenant();
    const foreign = await buildCall(other.company.id);
    expect((await anonymous().delete(`/api/call-records/${call.id}`)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).delete(`/api/call-records/${call.id}`)).status).toBe(403);
    const res = await (await agentFor(admin)).delete(`/api/call-records/${foreign.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Call record not found");
    expect(await db.select().from(callRecords).where(eq(callRecords.id, foreign.id))).toHaveLength(1);
  });
});
