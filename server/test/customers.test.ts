/** Customers: the resource, its roles and tenancy, and the search (docs/customers.md). */
import { db } from "@sched/core/db/client";
import { callRecords, customers, jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import {
  CUSTOMER_EMAIL_INVALID,
  CUSTOMER_NAME_REQUIRED,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_PHONE_INVALID,
  CUSTOMER_PHONE_NOT_A_NUMBER,
  CUSTOMER_PHONE_TAKEN,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const jane = {
  name: "José Núñez",
  phone: "(555) 010-2000",
  email: "jose@example.com",
  address: "12 Élm St, Springfield",
};

async function createCustomer(owner: { email: string }, companyId: string, body: object = jane) {
  const res = await (await agentFor(owner)).post("/api/customers").send({ companyId, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number };
}

describe("POST /api/customers", () => {
  it("answers 401 signed out", async () => {
    const { company } = await buildTenant();
    expect(
      (
        await anonymous()
          .post("/api/customers")
          .send({ companyId: company.id, ...jane })
      ).status,
    ).toBe(401);
  });

  it("creates for an owner and an admin, 403 to an employee and a stranger", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const stranger = (await buildTenant()).owner;
    const res = await (await agentFor(owner)).post("/api/customers").send({ companyId: company.id, ...jane });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...jane,
      companyId: company.id,
      notes: null,
      noticesOptedOut: false,
      version: 1,
    });
    const byAdmin = await (await agentFor(admin))
      .post("/api/customers")
      .send({ companyId: company.id, name: "Ada Admin-made" });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ phone: null, email: null, address: null });
    for (const user of [employeeUser, stranger]) {
      const refused = await (await agentFor(user))
        .post("/api/customers")
        .send({ companyId: company.id, ...jane, phone: null });
      expect(refused.status).toBe(403);
    }
  });

  it("refuses bad fields with their exact messages and writes nothing", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const cases: [object, string, string][] = [
      [{ name: "  " }, "name", CUSTOMER_NAME_REQUIRED],
      [{ name: "x".repeat(201) }, "name", "Name must be 200 characters or less"],
      [{ phone: "call me" }, "phone", CUSTOMER_PHONE_INVALID],
      [{ phone: "+1 555 01" }, "phone", CUSTOMER_PHONE_NOT_A_NUMBER],
      [{ email: "not-an-email" }, "email", CUSTOMER_EMAIL_INVALID],
      [{ address: "a".repeat(201) }, "address", "Address must be 200 characters or less"],
      [{ notes: "n".repeat(2001) }, "notes", "Notes must be 2000 characters or less"],
    ];
    for (const [change, path, message] of cases) {
      const res = await agent.post("/api/customers").send({ companyId: company.id, ...jane, ...change });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe("validation");
      expect(res.body.errors).toContainEqual({ path, message });
    }
    expect(await db.select().from(customers).where(eq(customers.companyId, company.id))).toEqual([]);
  });

  it("answers 409 with the existing id for the same phone in another spelling", async () => {
    const { company, owner } = await buildTenant();
    const first = await createCustomer(owner, company.id);
    for (const phone of ["555-010-2000", "+1 555 010 2000", "555.010.2000"]) {
      const res = await (await agentFor(owner))
        .post("/api/customers")
        .send({ companyId: company.id, name: "Someone Else", phone });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: "conflict",
        message: CUSTOMER_PHONE_TAKEN,
        existingId: first.id,
      });
    }
    // Another company may have a customer with that number.
    const other = await buildTenant();
    await createCustomer(other.owner, other.company.id);
  });
});

describe("GET /api/customers", () => {
  it("searches name, phone, e-mail and address whatever the case, accents and phone spelling", async () => {
    const { company, owner, admin } = await buildTenant();
    const jose = await createCustomer(owner, company.id);
    const bob = await createCustomer(owner, company.id, {
      name: "Bob Stone",
      phone: "555 777 1234",
      email: "bob@stone.test",
      address: "9 Oak Ave",
    });
    const other = await buildTenant();
    await createCustomer(other.owner, other.company.id);
    // The office searches the whole book; a technician only their own jobs' (technician-privacy.test.ts).
    const agent = await agentFor(admin);
    const ids = async (q: string) => {
      const res = await agent.get(`/api/customers?companyId=${company.id}&q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.map((c: { id: string }) => c.id);
    };
    expect(await ids("jose")).toEqual([jose.id]);
    expect(await ids("NÚÑEZ")).toEqual([jose.id]);
    expect(await ids("elm st")).toEqual([jose.id]);
    expect(await ids("JOSE@EXAMPLE")).toEqual([jose.id]);
    expect(await ids("555-010-2000")).toEqual([jose.id]);
    expect(await ids("(555) 0102000")).toEqual([jose.id]);
    expect(await ids("+1 555 010 2000")).toEqual([jose.id]);
    expect(await ids("7771234")).toEqual([bob.id]);
    expect(await ids("oak")).toEqual([bob.id]);
    expect(await ids("100%")).toEqual([]);
    // No query: everyone, by name.
    expect(await ids("")).toEqual([bob.id, jose.id]);
  });

  it("puts names that start with the query first", async () => {
    const { company, owner } = await buildTenant();
    const lives = await createCustomer(owner, company.id, { name: "Ann Smith", address: "1 Parker Rd" });
    const named = await createCustomer(owner, company.id, { name: "Parker Jones" });
    const res = await (await agentFor(owner)).get(`/api/customers?companyId=${company.id}&q=parker`);
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([named.id, lives.id]);
  });

  it("answers 403 to a stranger and 400 for a bad limit", async () => {
    const { company, owner } = await buildTenant();
    const stranger = (await buildTenant()).owner;
    expect((await (await agentFor(stranger)).get(`/api/customers?companyId=${company.id}`)).status).toBe(403);
    const res = await (await agentFor(owner)).get(`/api/customers?companyId=${company.id}&limit=500`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      path: "limit",
      message: "Limit must be a whole number from 1 to 100",
    });
  });
});

describe("GET /api/customers/:id", () => {
  it("answers the customer with upcoming and past jobs and calls; 404 across companies", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const customer = await createCustomer(owner, company.id);
    const past = await buildJob(company.id, employee.id, { customerId: customer.id, date: "2020-01-06" });
    const upcoming = await buildJob(company.id, employee.id, { customerId: customer.id, date: "2999-01-06" });
    const later = await buildJob(company.id, employee.id, { customerId: customer.id, date: "2999-02-06" });
    await buildJob(company.id, employee.id);
    const [call] = await db
      .insert(callRecords)
      .values({
        companyId: company.id,
        customerId: customer.id,
        customerName: jane.name,
        customerPhone: jane.phone,
        callDate: "2026-01-05",
        callTime: "09:00",
      })
      .returning();

    const res = await (await agentFor(admin)).get(`/api/customers/${customer.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: customer.id, name: jane.name });
    expect(res.body.upcomingJobs.map((j: { id: string }) => j.id)).toEqual([upcoming.id, later.id]);
    expect(res.body.pastJobs.map((j: { id: string }) => j.id)).toEqual([past.id]);
    expect(res.body.upcomingJobs[0]).toMatchObject({ customerId: customer.id, location: "1 Main St" });
    expect(res.body.calls.map((c: { id: string }) => c.id)).toEqual([call.id]);

    const stranger = (await buildTenant()).owner;
    const foreign = await (await agentFor(stranger)).get(`/api/customers/${customer.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(CUSTOMER_NOT_FOUND);
    expect((await (await agentFor(owner)).get("/api/customers/not-a-uuid")).status).toBe(404);
  });
});

describe("PUT and DELETE /api/customers/:id", () => {
  it("edits from the version seen (409 stale from an older one), office only", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const customer = await createCustomer(owner, company.id);
    const edit = { ...jane, name: "José N.", notes: "Gate code 1234", version: 1 };
    expect(
      (await (await agentFor(employeeUser)).put(`/api/customers/${customer.id}`).send(edit)).status,
    ).toBe(403);
    const res = await (await agentFor(admin)).put(`/api/customers/${customer.id}`).send(edit);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "José N.", notes: "Gate code 1234", version: 2 });
    const stale = await (await agentFor(owner)).put(`/api/customers/${customer.id}`).send(edit);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale");
    const stranger = (await buildTenant()).owner;
    expect((await (await agentFor(stranger)).put(`/api/customers/${customer.id}`).send(edit)).status).toBe(
      404,
    );
  });

  it("refuses to give a customer another customer's phone", async () => {
    const { company, owner } = await buildTenant();
    const first = await createCustomer(owner, company.id);
    const second = await createCustomer(owner, company.id, { name: "Bea", phone: "555 222 3333" });
    const res = await (await agentFor(owner))
      .put(`/api/customers/${second.id}`)
      .send({ name: "Bea", phone: "5550102000" });
    expect(res.status).toBe(409);
    expect(res.body.existingId).toBe(first.id);
  });

  it("deletes the customer and keeps their jobs and calls with the copied contact details", async () => {
    const { company, owner, employee, employeeUser } = await buildTenant();
    const customer = await createCustomer(owner, company.id);
    const job = await buildJob(company.id, employee.id, {
      customerId: customer.id,
      customerPhone: jane.phone,
      customerEmail: jane.email,
    });
    const [call] = await db
      .insert(callRecords)
      .values({
        companyId: company.id,
        customerId: customer.id,
        customerName: jane.name,
        customerPhone: jane.phone,
        callDate: "2026-01-05",
        callTime: "09:00",
      })
      .returning();
    expect((await (await agentFor(employeeUser)).delete(`/api/customers/${customer.id}`)).status).toBe(403);
    const stranger = (await buildTenant()).owner;
    expect((await (await agentFor(stranger)).delete(`/api/customers/${customer.id}`)).status).toBe(404);
    expect((await (await agentFor(owner)).delete(`/api/customers/${customer.id}`)).status).toBe(204);

    const [keptJob] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(keptJob).toMatchObject({
      customerId: null,
      customerPhone: jane.phone,
      customerEmail: jane.email,
      version: 2,
    });
    const [keptCall] = await db.select().from(callRecords).where(eq(callRecords.id, call.id));
    expect(keptCall).toMatchObject({ customerId: null, customerName: jane.name, customerPhone: jane.phone });
    expect((await (await agentFor(owner)).get(`/api/customers/${customer.id}`)).status).toBe(404);
  });
});

describe("booking from a call", () => {
  it("links the call's customer, made from the call when no customer has that phone", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const call = await agent.post("/api/call-records").send({
      companyId: company.id,
      customerName: "New Caller",
      customerPhone: "(555) 303-4040",
      customerEmail: "new@caller.test",
      customerAddress: "5 Birch Ln",
      callDate: "2026-11-23",
      callTime: "08:00",
    });
    expect(call.status).toBe(201);
    expect(call.body.customerId).toBeNull();
    const job = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Repair",
      location: "5 Birch Ln",
      date: "2026-11-24",
      time: "10:00",
      callRecordId: call.body.id,
    });
    expect(job.status).toBe(201);
    const customerId = job.body.customerId;
    expect(customerId).toEqual(expect.any(String));
    const page = await agent.get(`/api/customers/${customerId}`);
    expect(page.body).toMatchObject({
      name: "New Caller",
      phone: "(555) 303-4040",
      email: "new@caller.test",
      address: "5 Birch Ln",
    });
    expect(page.body.calls.map((c: { id: string }) => c.id)).toEqual([call.body.id]);
    expect([...page.body.upcomingJobs, ...page.body.pastJobs].map((j: { id: string }) => j.id)).toEqual([
      job.body.id,
    ]);

    // The next call from that number, in another spelling, is linked at once; its booking joins the same customer.
    const again = await agent.post("/api/call-records").send({
      companyId: company.id,
      customerName: "New Caller",
      customerPhone: "555-303-4040",
      callDate: "2026-11-25",
      callTime: "08:00",
    });
    expect(again.body.customerId).toBe(customerId);
    const second = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Repair",
      location: "5 Birch Ln",
      date: "2026-11-26",
      time: "10:00",
      callRecordId: again.body.id,
    });
    expect(second.body.customerId).toBe(customerId);
    expect(await db.select().from(customers).where(eq(customers.companyId, company.id))).toHaveLength(1);
  });

  it("refuses another company's customer on a job", async () => {
    const { company, owner, employee } = await buildTenant();
    const other = await buildTenant();
    const foreign = await createCustomer(other.owner, other.company.id);
    const res = await (await agentFor(owner)).post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Repair",
      location: "1 Main St",
      date: "2026-11-24",
      time: "10:00",
      customerId: foreign.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Customer is not part of this company");
  });
});

describe("realtime", () => {
  it("publishes customer.created, updated and deleted to the office after commit, a signal to the others", async () => {
    const gateway = await startGateway();
    try {
      const { company, owner, employeeUser } = await buildTenant();
      const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
      // A technician reads only their own jobs' customers: told which company, they read again.
      const technician = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(employeeUser) });
      const signal = { companyId: company.id };
      const agent = await agentFor(owner);
      const created = nextEvent<{ id: string; name: string }>(socket, "customer.created");
      const createdSignal = nextEvent(technician, "customer.created");
      const res = await agent.post("/api/customers").send({ companyId: company.id, ...jane });
      expect(await created).toMatchObject({ id: res.body.id, name: jane.name });
      expect(await createdSignal).toEqual(signal);
      const updated = nextEvent<{ id: string; version: number }>(socket, "customer.updated");
      const updatedSignal = nextEvent(technician, "customer.updated");
      await agent.put(`/api/customers/${res.body.id}`).send({ ...jane, name: "José N." });
      expect(await updated).toMatchObject({ id: res.body.id, version: 2 });
      expect(await updatedSignal).toEqual(signal);
      const deleted = nextEvent<{ id: string }>(socket, "customer.deleted");
      const deletedSignal = nextEvent(technician, "customer.deleted");
      await agent.delete(`/api/customers/${res.body.id}`);
      expect(await deleted).toEqual({ id: res.body.id, companyId: company.id });
      expect(await deletedSignal).toEqual(signal);
      const imported = nextEvent<{ created: number }>(socket, "customer.imported");
      const importedSignal = nextEvent(technician, "customer.imported");
      await agent.post("/api/customers/import").send({ companyId: company.id, csv: "Name\nIda Imported\n" });
      expect(await imported).toEqual({ companyId: company.id, created: 1, updated: 0 });
      expect(await importedSignal).toEqual(signal);
      socket.close();
      technician.close();
    } finally {
      await gateway.close();
    }
  });
});
