/**
 * Places (docs/places.md): set from the address on every save, the office's pin kept
 * through edits until the address changes, the search, and the pin's routes with their
 * roles, tenancy and versions.
 */
import { JOB_NOT_FOUND } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { callRecords, customers, jobs } from "@sched/core/db/schema";
import { toDateString } from "@sched/core/lib/dates";
import { buildTenant } from "@sched/core/test/factories";
import {
  CUSTOMER_NOT_FOUND,
  type CustomerDTO,
  type JobDTO,
  PLACE_PIN_INCOMPLETE,
  PLACE_SEARCH_TEXT_INVALID,
  type PlaceSuggestionDTO,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const DAY = "2031-03-05";
const POSTAL_ADDRESS = "12 Oak Rd, Springfield, IL 62701";
const SPRINGFIELD_IL = { lat: expect.closeTo(39.8, 1), lng: expect.closeTo(-89.65, 1) };

async function setUp() {
  const tenant = await buildTenant();
  const agent = await agentFor(tenant.owner);
  const job = async (location: string, extra: object = {}) => {
    const res = await agent.post("/api/jobs").send({
      companyId: tenant.company.id,
      employeeId: tenant.employee.id,
      type: "Repair",
      location,
      date: DAY,
      time: "09:00",
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as JobDTO;
  };
  const customer = async (address: string | null, extra: object = {}) => {
    const res = await agent
      .post("/api/customers")
      .send({ companyId: tenant.company.id, name: "Ana Ruiz", address, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as CustomerDTO;
  };
  return { ...tenant, agent, job, customer };
}

describe("a place from the address, on save", () => {
  it("finds a US postal code, a Canadian one and a town; nothing in plain words", async () => {
    const { job, customer } = await setUp();
    expect((await job(POSTAL_ADDRESS)).place).toEqual({ ...SPRINGFIELD_IL, precision: "postal" });
    expect((await job("45 King St W, Toronto, ON M5V 3L9")).place).toMatchObject({
      lat: expect.closeTo(43.65, 1),
      precision: "postal",
    });
    expect((await job("Springfield, IL")).place).toEqual({ ...SPRINGFIELD_IL, precision: "city" });
    expect((await job("Back yard")).place).toBeNull();
    expect((await customer(POSTAL_ADDRESS)).place).toEqual({ ...SPRINGFIELD_IL, precision: "postal" });
    expect((await customer(null)).place).toBeNull();
  });

  it("keeps a pin through other edits and replaces it when the address changes", async () => {
    const { agent, job } = await setUp();
    const created = await job(POSTAL_ADDRESS);
    const pinned = await agent
      .put(`/api/jobs/${created.id}/place`)
      .send({ lat: 39.78, lng: -89.6, version: 1 });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ place: { lat: 39.78, lng: -89.6, precision: "manual" }, version: 2 });

    // Another field, and the same address spelled in other case and commas: the pin stays.
    const edited = await agent
      .put(`/api/jobs/${created.id}`)
      .send({ description: "Gate code 1234", location: "12 oak rd springfield il 62701" });
    expect(edited.status).toBe(200);
    expect(edited.body.place).toEqual({ lat: 39.78, lng: -89.6, precision: "manual" });

    const moved = await agent.put(`/api/jobs/${created.id}`).send({ location: "Springfield, MA" });
    expect(moved.body.place).toMatchObject({ lat: expect.closeTo(42.1, 1), precision: "city" });

    // Cleared: the address's own place again.
    await agent.put(`/api/jobs/${created.id}/place`).send({ lat: 1, lng: 2 });
    const cleared = await agent.put(`/api/jobs/${created.id}/place`).send({ place: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.place).toMatchObject({ precision: "city", lat: expect.closeTo(42.1, 1) });
  });

  it("keeps a customer's pin through other edits, replaced when the address changes", async () => {
    const { agent, customer } = await setUp();
    const created = await customer(POSTAL_ADDRESS);
    const pinned = await agent.put(`/api/customers/${created.id}/place`).send({ lat: 39.7, lng: -89.7 });
    expect(pinned.body).toMatchObject({ place: { precision: "manual" }, version: 2 });
    const notes = await agent
      .put(`/api/customers/${created.id}`)
      .send({ name: "Ana Ruiz", address: POSTAL_ADDRESS, notes: "Dog in the yard" });
    expect(notes.body.place).toEqual({ lat: 39.7, lng: -89.7, precision: "manual" });
    const moved = await agent
      .put(`/api/customers/${created.id}`)
      .send({ name: "Ana Ruiz", address: "Toronto, ON M5V 3L9" });
    expect(moved.body.place).toMatchObject({ precision: "postal", lat: expect.closeTo(43.65, 1) });
  });

  it("gives a job at its customer's address the customer's place", async () => {
    const { agent, job, customer } = await setUp();
    const ana = await customer(POSTAL_ADDRESS);
    await agent.put(`/api/customers/${ana.id}/place`).send({ lat: 39.75, lng: -89.61 });
    const same = await job("12 Oak Rd, Springfield, IL 62701", { customerId: ana.id });
    expect(same.place).toEqual({ lat: 39.75, lng: -89.61, precision: "manual" });
    const elsewhere = await job("Springfield, IL", { customerId: ana.id });
    expect(elsewhere.place).toMatchObject({ precision: "city" });
  });

  it("sets places on an import, a series' occurrences and a job booked from a call", async () => {
    const { agent, company, employee } = await setUp();
    const imported = await agent.post("/api/customers/import").send({
      companyId: company.id,
      csv: 'Name,Address\nIan Import,"5 Bay St, Toronto, ON M5V 3L9"\nIda Town,"Springfield, IL"\nIvo None,Nowhere\n',
    });
    expect(imported.body).toMatchObject({ created: 3, errors: [] });
    const rows = await db.select().from(customers).where(eq(customers.companyId, company.id));
    const placeOf = (name: string) => rows.find((row) => row.name === name)?.placePrecision;
    expect([placeOf("Ian Import"), placeOf("Ida Town"), placeOf("Ivo None")]).toEqual([
      "postal",
      "city",
      null,
    ]);

    const series = await agent.post("/api/job-series").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Maintenance",
      location: "Springfield, IL",
      time: "09:00",
      // Within the horizon occurrences are made up to (docs/schedule.md).
      startDate: toDateString(new Date()),
      rrule: "FREQ=WEEKLY;COUNT=3",
    });
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    const occurrences = await db.select().from(jobs).where(eq(jobs.seriesId, series.body.id));
    expect(occurrences).toHaveLength(3);
    expect(occurrences.every((row) => row.placePrecision === "city")).toBe(true);

    const [call] = await db
      .insert(callRecords)
      .values({
        companyId: company.id,
        customerName: "Cal Caller",
        customerPhone: "(555) 010-7777",
        customerAddress: POSTAL_ADDRESS,
        callDate: DAY,
        callTime: "10:00",
      })
      .returning();
    const booked = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Repair",
      location: POSTAL_ADDRESS,
      date: DAY,
      time: "11:00",
      callRecordId: call.id,
    });
    expect(booked.body.place).toMatchObject({ precision: "postal" });
    const [made] = await db.select().from(customers).where(eq(customers.id, booked.body.customerId));
    expect(made.placePrecision).toBe("postal");
  });

  it("moves a series' occurrences to the new location's place, pins of the old location included", async () => {
    const { agent, company, employee } = await setUp();
    const series = await agent.post("/api/job-series").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Maintenance",
      location: "Springfield, IL",
      time: "09:00",
      // Within the horizon occurrences are made up to (docs/schedule.md).
      startDate: toDateString(new Date()),
      rrule: "FREQ=WEEKLY;COUNT=3",
    });
    const [first, second] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.seriesId, series.body.id))
      .orderBy(jobs.date);
    const pinned = await agent.put(`/api/jobs/${second.id}/place`).send({ lat: 39.7, lng: -89.6 });
    expect(pinned.body.place.precision).toBe("manual");
    const moved = await agent
      .put(`/api/jobs/${first.id}?scope=all`)
      .send({ location: "Toronto, ON M5V 3L9", version: first.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await db.select().from(jobs).where(eq(jobs.seriesId, series.body.id));
    expect(after.map((row) => row.placePrecision)).toEqual(["postal", "postal", "postal"]);
  });
});

describe("PUT /api/jobs/:id/place and /api/customers/:id/place", () => {
  it("answers 401 signed out", async () => {
    const { job, customer } = await setUp();
    const created = await job("1 Main St");
    const ana = await customer(null);
    expect((await anonymous().put(`/api/jobs/${created.id}/place`).send({ lat: 1, lng: 2 })).status).toBe(
      401,
    );
    expect((await anonymous().put(`/api/customers/${ana.id}/place`).send({ lat: 1, lng: 2 })).status).toBe(
      401,
    );
    expect((await anonymous().get("/api/places/search?q=Springfield")).status).toBe(401);
  });

  it("answers 400 with the field's message", async () => {
    const { agent, job } = await setUp();
    const created = await job("1 Main St");
    const put = (body: object) => agent.put(`/api/jobs/${created.id}/place`).send(body);
    const latitude = await put({ lat: 91, lng: 0 });
    expect(latitude.status).toBe(400);
    expect(latitude.body).toMatchObject({
      message: "Latitude must be between -90 and 90",
      code: "validation",
      errors: [{ path: "lat", message: "Latitude must be between -90 and 90" }],
    });
    const longitude = await put({ lat: 0, lng: -180.5 });
    expect(longitude.body).toMatchObject({ message: "Longitude must be between -180 and 180" });
    expect((await put({ lat: "north", lng: 0 })).body.message).toBe("Latitude must be a number");
    expect((await put({ lat: 10 })).body).toMatchObject({
      message: PLACE_PIN_INCOMPLETE,
      errors: [{ path: "lng", message: PLACE_PIN_INCOMPLETE }],
    });
    expect((await put({})).body.message).toBe(PLACE_PIN_INCOMPLETE);
    // The job is as it was.
    const [row] = await db.select().from(jobs).where(eq(jobs.id, created.id));
    expect(row.version).toBe(1);
  });

  it("is the office's: 403 for the employee role, 404 for another company's row", async () => {
    const { company, employeeUser, admin, job, customer } = await setUp();
    const created = await job("1 Main St");
    const ana = await customer(null);
    const technician = await agentFor(employeeUser);
    expect((await technician.put(`/api/jobs/${created.id}/place`).send({ lat: 1, lng: 2 })).status).toBe(403);
    expect((await technician.put(`/api/customers/${ana.id}/place`).send({ lat: 1, lng: 2 })).status).toBe(
      403,
    );
    expect((await technician.get(`/api/places/search?companyId=${company.id}&q=Springfield`)).status).toBe(
      403,
    );
    expect(
      (await (await agentFor(admin)).put(`/api/jobs/${created.id}/place`).send({ lat: 1, lng: 2 })).status,
    ).toBe(200);

    const stranger = await agentFor((await buildTenant()).owner);
    const foreignJob = await stranger.put(`/api/jobs/${created.id}/place`).send({ lat: 1, lng: 2 });
    expect(foreignJob.status).toBe(404);
    expect(foreignJob.body).toMatchObject({ message: JOB_NOT_FOUND, code: "not_found" });
    const foreignCustomer = await stranger.put(`/api/customers/${ana.id}/place`).send({ lat: 1, lng: 2 });
    expect(foreignCustomer.status).toBe(404);
    expect(foreignCustomer.body.message).toBe(CUSTOMER_NOT_FOUND);
  });

  it("refuses a pin from an older version with 409 stale, and publishes the change", async () => {
    const gateway = await startGateway();
    try {
      const { owner, agent, job } = await setUp();
      const created = await job(POSTAL_ADDRESS);
      await agent.put(`/api/jobs/${created.id}`).send({ description: "First change" });
      const stale = await agent.put(`/api/jobs/${created.id}/place`).send({ lat: 1, lng: 2, version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe("stale");

      const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
      const updated = nextEvent<JobDTO>(socket, "job.updated");
      await agent.put(`/api/jobs/${created.id}/place`).send({ lat: 1, lng: 2, version: 2 });
      expect(await updated).toMatchObject({
        id: created.id,
        version: 3,
        place: { lat: 1, lng: 2, precision: "manual" },
      });
      socket.close();
    } finally {
      await gateway.close();
    }
  });
});

describe("GET /api/places/search", () => {
  it("answers postal codes and towns of the company's country, largest first", async () => {
    const { agent, company } = await setUp();
    const search = async (q: string) => {
      const res = await agent.get("/api/places/search").query({ companyId: company.id, q });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as PlaceSuggestionDTO[];
    };
    expect((await search("62701"))[0]).toEqual({
      ...SPRINGFIELD_IL,
      precision: "postal",
      label: "62701 Springfield, IL",
    });
    const springfields = await search("Springf");
    expect(springfields.length).toBeGreaterThan(3);
    expect(springfields.every((one) => one.precision === "city" && one.label.startsWith("Springfield"))).toBe(
      true,
    );
    expect(springfields.map((one) => one.label)).toContain("Springfield, IL");
    expect(await search("Zzyzx Qwerty")).toEqual([]);

    const empty = await agent.get("/api/places/search").query({ companyId: company.id, q: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(PLACE_SEARCH_TEXT_INVALID);
  });

  it("searches the company's country (Settings)", async () => {
    const { agent, company } = await setUp();
    await agent.put(`/api/companies/${company.id}/settings`).send({ country: "CA" });
    const res = await agent.get("/api/places/search").query({ companyId: company.id, q: "Halifax" });
    expect(res.body[0]).toMatchObject({ label: "Halifax, NS", precision: "city" });
  });
});
