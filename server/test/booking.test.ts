/**
 * Booking online (docs/booking.md): the windows a customer is offered come from the real
 * schedule (hours, time off, skills, jobs, the lead time); booking puts the job on the best
 * technician's day, or waits for the office's approval with the suggestion holding its
 * place; the office approves into a slot or declines.
 */
import { db } from "@sched/core/db/client";
import {
  bookings,
  companySettings,
  customerNotices,
  customers,
  employees,
  jobs,
  timeOff,
} from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { visitLink } from "@sched/core/visits/visit-link";
import {
  addDays,
  BOOKING_MESSAGES,
  type BookingRequestDTO,
  ZBookingAnswered,
  ZBookingCreated,
  ZBookingRequests,
  ZOfferedWindows,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBookingRequest, freshIp, openBookingPage, weekdayAfter } from "./booking-support";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";
import { tokenOf } from "./visit-support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

const DAY = weekdayAfter(3);

const windowsOf = (slug: string, query: Record<string, string>) =>
  anonymous().get(`/api/public/companies/${slug}/windows`).query(query);

const book = (slug: string, body: Record<string, unknown>) =>
  anonymous()
    .post(`/api/public/companies/${slug}/bookings`)
    .set("X-Forwarded-For", freshIp())
    .send({ service: "Repair", address: "10001", date: DAY, start: "10:00", name: "Bo Booker", ...body });

/** A company whose one technician, Pat, works the company's hours; the page on. */
async function onePlumber(settings: Parameters<typeof openBookingPage>[1] = {}) {
  const tenant = await buildTenant();
  const slug = await openBookingPage(tenant.company.id, settings);
  return { ...tenant, slug };
}

describe("GET /api/public/companies/:slug/windows", () => {
  it("says which field is wrong", async () => {
    const { slug } = await onePlumber();
    const cases: [Record<string, string>, string][] = [
      [{ address: "10001" }, BOOKING_MESSAGES.service],
      [{ service: "Plumbing", address: "10001" }, BOOKING_MESSAGES.service],
      [{ service: "Repair" }, BOOKING_MESSAGES.address],
      [
        { service: "Repair", address: "10001", from: "2026-02-30" },
        "From must be a real calendar date between 1900 and 2999",
      ],
      [{ service: "Repair", address: "10001", days: "40" }, BOOKING_MESSAGES.days],
    ];
    for (const [query, message] of cases) {
      const res = await windowsOf(slug, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await windowsOf("nobody-here", { service: "Repair", address: "10001" })).status).toBe(404);
  });

  it("offers the windows someone can make: not inside the lead time, not on a day off, not without the skills", async () => {
    const { company, employee, slug } = await onePlumber();
    const days = { service: "Repair", address: "10001", days: "7" };
    const all = await windowsOf(slug, days);
    expect(all.status).toBe(200);
    expect(ZOfferedWindows.parse(all.body)).toEqual(all.body);
    const dates = new Set(all.body.map((window: { date: string }) => window.date));
    // Not today or tomorrow (24 h lead), never Sunday (the company's working days are Monday to Saturday).
    const today = new Date().toISOString().slice(0, 10);
    expect(dates.has(today)).toBe(false);
    for (const date of dates) expect(new Date(`${date}T12:00:00Z`).getUTCDay()).not.toBe(0);
    expect(all.body.filter((window: { date: string }) => window.date === DAY)).toHaveLength(4);

    // Pat off on DAY: nobody can come that day.
    await db.insert(timeOff).values({
      companyId: company.id,
      employeeId: employee.id,
      startDate: DAY,
      endDate: DAY,
      kind: "sick",
      status: "approved",
    });
    const off = await windowsOf(slug, { ...days, from: DAY, days: "1" });
    expect(off.body).toEqual([]);

    // A service needing a skill Pat lacks is never offered.
    const skilled = await onePlumber({
      services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: ["gas"] }],
    });
    expect((await windowsOf(skilled.slug, { ...days, from: DAY, days: "1" })).body).toEqual([]);
    await db
      .update(employees)
      .set({ skills: ["gas"] })
      .where(eq(employees.id, skilled.employee.id));
    expect((await windowsOf(skilled.slug, { ...days, from: DAY, days: "1" })).body).toHaveLength(4);
  });

  it("offers nothing past the horizon, and refuses a booking there", async () => {
    const { slug } = await onePlumber({ horizonDays: 5 });
    const last = addDays(new Date().toISOString().slice(0, 10), 5);
    const offered = await windowsOf(slug, { service: "Repair", address: "10001", days: "14" });
    expect(offered.body.length).toBeGreaterThan(0);
    for (const window of offered.body as { date: string }[]) expect(window.date <= last).toBe(true);
    let beyond = addDays(last, 1);
    while ([0, 6].includes(new Date(`${beyond}T12:00:00Z`).getUTCDay())) beyond = addDays(beyond, 1);
    expect((await windowsOf(slug, { service: "Repair", address: "10001", from: beyond })).body).toEqual([]);
    const late = await book(slug, { phone: "+15550100500", date: beyond });
    expect([late.status, late.body.code]).toEqual([409, "window_taken"]);
  });

  it("drops a window whose technician is booked through it, and a day at its cap", async () => {
    const { company, employee, slug } = await onePlumber({ dailyCap: 1 });
    // Busy from 08:00 to 12:30: no start from 08:00 to 12:00 leaves room.
    await buildJob(company.id, employee.id, { date: DAY, time: "08:00", durationMinutes: 270 });
    const res = await windowsOf(slug, { service: "Repair", address: "10001", from: DAY, days: "1" });
    expect(res.body).toEqual([
      { date: DAY, start: "13:00", end: "15:00" },
      { date: DAY, start: "15:00", end: "17:00" },
    ]);
    await buildJob(company.id, employee.id, { date: DAY, time: "17:00", source: "online" });
    expect(
      (await windowsOf(slug, { service: "Repair", address: "10001", from: DAY, days: "1" })).body,
    ).toEqual([]);
  });
});

describe("POST /api/public/companies/:slug/bookings", () => {
  it("puts the job on the best technician's day, in the window, with the customer found or made", async () => {
    const { company, slug } = await onePlumber();
    const busy = await buildEmployee(company.id, { name: "Busy Bea" });
    await buildJob(company.id, busy.id, { date: DAY, time: "07:00" });
    const res = await book(slug, { phone: "(555) 010-0400", email: "bo@example.test", note: "Side door" });
    expect(res.status).toBe(201);
    expect(ZBookingCreated.parse(res.body)).toEqual(res.body);
    expect(res.body).toEqual({ visitUrl: expect.stringMatching(/\/visit\/.+/), status: "booked" });

    const [booking] = await db.select().from(bookings).where(eq(bookings.companyId, company.id));
    expect(booking).toMatchObject({ status: "booked", phone: "+15550100400", requestedDate: DAY });
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, booking.jobId ?? ""));
    // The free technician (no jobs that day) rather than Bea: the same drive, fewer jobs.
    expect(job).toMatchObject({
      source: "online",
      date: DAY,
      time: "10:00",
      arrivalWindow: { start: "10:00", end: "12:00" },
      type: "Repair",
      durationMinutes: 60,
      description: "Side door",
      customerPhone: "+15550100400",
    });
    expect(job.employeeId).not.toBe(busy.id);
    const [customer] = await db
      .select()
      .from(customers)
      .where(eq(customers.id, job.customerId ?? ""));
    expect(customer).toMatchObject({ name: "Bo Booker", phoneNormalized: "+15550100400" });

    // The same caller again is the same customer (the customers' duplicate rules).
    expect((await book(slug, { phone: "555-010-0400", start: "13:00" })).status).toBe(201);
    const jobsNow = await db.select().from(jobs).where(eq(jobs.companyId, company.id));
    expect(new Set(jobsNow.filter((row) => row.source === "online").map((row) => row.customerId))).toEqual(
      new Set([customer.id]),
    );
  });

  it("says which field is wrong, refuses a filled honeypot without a reason, and a window not offered", async () => {
    const { slug } = await onePlumber();
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: null, email: null }, BOOKING_MESSAGES.contact],
      [{ phone: "12" }, BOOKING_MESSAGES.phone],
      [{ phone: "+15550100500", name: " " }, BOOKING_MESSAGES.name],
      [{ phone: "+15550100500", start: "09:00" }, BOOKING_MESSAGES.start],
      [{ phone: "+15550100500", service: "Inspection" }, BOOKING_MESSAGES.service],
      [{ phone: "+15550100500", website: "http://spam.example" }, BOOKING_MESSAGES.refused],
      [{ phone: "+15550100500", website: ["x"] }, BOOKING_MESSAGES.refused],
    ];
    for (const [body, message] of cases) {
      const res = await book(slug, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A Sunday is never offered: the window is "taken".
    let sunday = DAY;
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const closed = await book(slug, { phone: "+15550100500", date: sunday });
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({
      code: "window_taken",
      message: "That window was just taken: pick another",
    });
  });

  it("approve first: the job waits in the tray, the suggestion holds its place, the office hears of it", async () => {
    const { company, owner, employee, slug } = await onePlumber({
      approveFirst: true,
      services: [{ jobType: "Repair", durationMinutes: 150, requiredSkills: [] }],
    });
    const office = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const heard = nextEvent<BookingRequestDTO>(office, "booking.requested");
    const res = await book(slug, { email: "rae@example.test", start: "08:00" });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("requested");
    const request = await heard;
    expect(request).toMatchObject({
      status: "requested",
      suggestion: { employeeId: employee.id, time: "08:00" },
    });
    office.disconnect();
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, request.jobId ?? ""));
    expect(job).toMatchObject({ employeeId: null, date: null, time: null, source: "online" });

    // Pat is the only technician: the pending request holds 08:00–10:30, so 08–10 is no longer offered.
    const windows = await windowsOf(slug, { service: "Repair", address: "10001", from: DAY, days: "1" });
    expect(windows.body.map((window: { start: string }) => window.start)).toEqual([
      "10:00",
      "13:00",
      "15:00",
    ]);

    const list = await (await agentFor(owner)).get(`/api/booking-requests?companyId=${company.id}`);
    expect(list.status).toBe(200);
    expect(ZBookingRequests.parse(list.body)).toEqual(list.body);
    expect(list.body.map((row: BookingRequestDTO) => row.id)).toEqual([request.id]);
  });
});

describe("POST /api/booking-requests/:id/approve and /decline", () => {
  it("approves into a slot through the job save path, then refuses a second answer", async () => {
    const { company, owner, employee } = await buildTenant();
    const { request, job } = await buildBookingRequest(company.id, { requestedDate: DAY });
    const agent = await agentFor(owner);
    const res = await agent
      .post(`/api/booking-requests/${request.id}/approve`)
      .send({ employeeId: employee.id, date: DAY, time: "09:00", version: 1 });
    expect(res.status).toBe(200);
    expect(ZBookingAnswered.parse(res.body)).toEqual(res.body);
    expect(res.body.request).toMatchObject({ status: "booked", version: 2 });
    expect(res.body.job).toMatchObject({
      id: job.id,
      employeeId: employee.id,
      date: DAY,
      time: "09:00",
      arrivalWindow: { start: "08:00", end: "10:00" },
      warnings: [],
    });
    const again = await agent.post(`/api/booking-requests/${request.id}/decline`).send({ version: 2 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BOOKING_MESSAGES.notPending);
    const stale = await agent.post(`/api/booking-requests/${request.id}/decline`).send({ version: 1 });
    expect(stale.body.code).toBe("stale");
  });

  it("confirms the customer when the office approves, not when the request is made", async () => {
    const { company, owner, employee, slug } = await onePlumber({ approveFirst: true });
    await db
      .insert(companySettings)
      .values({ companyId: company.id, customerNotices: true })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { customerNotices: true } });
    expect((await book(slug, { email: "ann@example.test", start: "08:00" })).body.status).toBe("requested");
    const [request] = await db.select().from(bookings).where(eq(bookings.companyId, company.id));
    const noticesOf = () =>
      db
        .select()
        .from(customerNotices)
        .where(eq(customerNotices.jobId, request.jobId ?? ""));
    expect(await noticesOf()).toEqual([]);
    const approved = await (await agentFor(owner))
      .post(`/api/booking-requests/${request.id}/approve`)
      .send({ employeeId: employee.id, date: DAY, time: "08:00", version: request.version });
    expect(approved.status).toBe(200);
    // At once: an approval does not wait for the settle time a move waits for.
    const notices = await noticesOf();
    expect(notices.map((row) => [row.kind, row.channel, row.recipient, row.sendAfter])).toEqual([
      ["confirmation", "email", "ann@example.test", null],
    ]);
  });

  it("tells the customer of a decline once, by e-mail and text, with the office's message (docs/booking-office.md)", async () => {
    const { company, owner, slug } = await onePlumber({ approveFirst: true });
    await db
      .insert(companySettings)
      .values({ companyId: company.id, customerNotices: true })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { customerNotices: true } });
    const booked = await book(slug, { email: "dee@example.test", phone: "+1 201 555 0123", start: "08:00" });
    expect(booked.body.status).toBe("requested");
    const [request] = await db.select().from(bookings).where(eq(bookings.companyId, company.id));
    const agent = await agentFor(owner);
    const decline = () =>
      agent
        .post(`/api/booking-requests/${request.id}/decline`)
        .send({ message: "Full", version: request.version });
    expect((await decline()).status).toBe(200);
    expect((await decline()).status).toBe(409);
    const notices = await db.select().from(customerNotices).where(eq(customerNotices.companyId, company.id));
    expect(notices.map((row) => [row.kind, row.channel, row.recipient]).sort()).toEqual([
      ["declined", "email", "dee@example.test"],
      ["declined", "sms", "+12015550123"],
    ]);
  });

  it("declines with a message (the job is cancelled); another company's request is 404; a technician 403", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const other = await buildTenant();
    const { request, job } = await buildBookingRequest(company.id);
    const technician = await agentFor(employeeUser);
    expect(
      (await technician.post(`/api/booking-requests/${request.id}/decline`).send({ version: 1 })).status,
    ).toBe(403);
    const foreign = await (await agentFor(other.owner))
      .post(`/api/booking-requests/${request.id}/decline`)
      .send({ version: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(BOOKING_MESSAGES.requestNotFound);

    const res = await (await agentFor(owner))
      .post(`/api/booking-requests/${request.id}/decline`)
      .send({ message: "We are fully booked that week", version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.request).toMatchObject({
      status: "declined",
      declineMessage: "We are fully booked that week",
    });
    const [cancelled] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(cancelled.status).toBe("cancelled");
    // The customer reads the office's message on the visit page the booking answered.
    const visit = await anonymous().get(`/api/public/visits/${tokenOf(await visitLink(db, job))}`);
    expect(visit.body).toMatchObject({
      status: "cancelled",
      declineMessage: "We are fully booked that week",
    });
  });

  it("gives the request back when the job save refuses (an employee of another company)", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const { request } = await buildBookingRequest(company.id);
    const res = await (await agentFor(owner))
      .post(`/api/booking-requests/${request.id}/approve`)
      .send({ employeeId: other.employee.id, date: DAY, time: "09:00", version: 1 });
    expect(res.status).toBe(400);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, request.id));
    expect(row.status).toBe("requested");
  });
});
