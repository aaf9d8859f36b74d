/**
 * Who hears what (docs/realtime.md): every event of the map goes through the real publish
 * path to a company whose owner, admin and technician are connected. The office hears each
 * as published; the technician hears nothing the API refuses them (any string of the answers
 * they get 403 or 404 for that none of their own answers holds): an office event not at
 * all, an office event with a signal as `{companyId}` only. The office room follows the
 * membership: joined for an owner or admin, left on removal, checked against PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { companyUsers, employeeInvitations, weeklySchedules } from "@sched/core/db/schema";
import { addUserToCompanyRoom, publish, publishToUser, removeUserFromCompanyRoom } from "@sched/core/publish";
import { buildJob, buildTenant, buildUser } from "@sched/core/test/factories";
import {
  type CompanyEventName,
  EVENT_AUDIENCE,
  type ServerEventName,
  type ServerEvents,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revalidateLocalSockets } from "../src/realtime/revalidate";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { type Agent, agentFor } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

const connectAs = async (user: { email: string }) =>
  connectSocket(gateway.url, { Cookie: await sessionCookieFor(user) });

type Heard = { event: string; payload: unknown }[];
function recordEvents(socket: Socket): Heard {
  const heard: Heard = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}

/** Publishes a marker to the company and waits for it on every socket: all sent before it has arrived. */
async function flush(companyId: string, sockets: Socket[]) {
  const id = randomUUID();
  const arrived = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        const onDeleted = (payload: { id: string }) => {
          if (payload.id !== id) return;
          socket.off("job.deleted", onDeleted);
          resolve();
        };
        socket.on("job.deleted", onDeleted);
      }),
  );
  publish(companyId, "job.deleted", { id, companyId });
  await Promise.all(arrived);
}

/** Every string in a JSON answer, keys aside. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

async function okBody(agent: Agent, path: string) {
  const res = await agent.get(path);
  expect(res.status, path).toBe(200);
  return res.body;
}

/**
 * A company with a technician linked to the roster, a customer of theirs and one of nobody's
 * (every field filled), a pending invitation and a week of History; each event's sample is a
 * real answer of the API: the office's for the office's data, the technician's for the rest.
 */
async function buildCompanyWithSecrets() {
  const tenant = await buildTenant();
  const companyId = tenant.company.id;
  await db
    .update(companyUsers)
    .set({ employeeId: tenant.employee.id })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, tenant.employeeUser.id)));
  const [owner, technician] = await Promise.all([agentFor(tenant.owner), agentFor(tenant.employeeUser)]);

  const created = await owner.post("/api/customers").send({
    companyId,
    name: `Nora Nobody ${randomUUID().slice(0, 6)}`,
    phone: "555 010 7788",
    email: `nora-${randomUUID().slice(0, 6)}@example.test`,
    address: "7 Hidden Lane",
    notes: "Gate code 4471, dog in the yard",
  });
  expect(created.status).toBe(201);
  const ownCustomer = await owner.post("/api/customers").send({ companyId, name: "Uma Upcoming" });
  await buildJob(companyId, tenant.employee.id, { customerId: ownCustomer.body.id, date: "2026-11-24" });
  const [invitation] = await db
    .insert(employeeInvitations)
    .values({
      companyId,
      email: `invitee-${randomUUID().slice(0, 6)}@example.test`,
      role: "admin",
      invitedBy: tenant.owner.id,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  await db.insert(weeklySchedules).values({
    companyId,
    weekStartDate: "2026-11-23",
    weekEndDate: "2026-11-29",
    name: "Week of the boiler rush",
  });
  const chat = await owner.post("/api/chat").send({ companyId, message: "Morning all" });
  const call = await owner.post("/api/call-records").send({
    companyId,
    customerName: "Cal Caller",
    customerPhone: "555 010 9900",
    callDate: "2026-11-23",
    callTime: "09:30",
  });
  expect([chat.status, call.status]).toEqual([201, 201]);

  // What the API refuses the technician: 404 for a customer not theirs, 403 for the team,
  // the invitations and History.
  const refusedPaths = [
    `/api/customers/${created.body.id}`,
    `/api/companies/${companyId}/users`,
    `/api/companies/${companyId}/invitations`,
    `/api/weekly-schedules?companyId=${companyId}`,
  ];
  for (const path of refusedPaths) expect([403, 404], path).toContain((await technician.get(path)).status);
  const [foreignCustomer, members, invitations, weeks] = await Promise.all(
    refusedPaths.map((path) => okBody(owner, path)),
  );
  // What the technician reads.
  const readable = await Promise.all(
    [
      "/api/user",
      "/api/companies",
      `/api/companies/${companyId}/people`,
      `/api/companies/${companyId}/settings`,
      `/api/employees?companyId=${companyId}`,
      `/api/customers?companyId=${companyId}`,
      `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`,
      `/api/call-records?companyId=${companyId}&date=2026-11-23`,
      `/api/daily-calls?companyId=${companyId}&date=2026-11-23`,
      `/api/chat?companyId=${companyId}`,
    ].map((path) => okBody(technician, path)),
  );
  const known = new Set(stringsOf(readable));
  // Long enough to be a value rather than a word every answer holds ("admin").
  const secrets = [...new Set(stringsOf([foreignCustomer, members, invitations, weeks]))].filter(
    (text) => text.length >= 8 && !known.has(text),
  );
  const [settings, employees, , jobs, calls, dailyCall] = readable.slice(3);
  const admin = members.find((member: { userId: string }) => member.userId === tenant.admin.id);
  const { upcomingJobs: _jobs, pastJobs: _past, calls: _calls, ...customer } = foreignCustomer;
  const signal = { id: randomUUID(), companyId, employeeId: tenant.employee.id };
  // An online booking waiting for approval: the customer's name and contact are the office's.
  const bookingRequest: ServerEvents["booking.requested"] = {
    id: randomUUID(),
    companyId,
    jobId: null,
    customerId: customer.id,
    service: "Repair",
    durationMinutes: 60,
    address: "12 Quiet Lane",
    place: null,
    date: "2026-11-24",
    window: { start: "08:00", end: "10:00" },
    name: customer.name,
    phone: null,
    email: null,
    note: null,
    status: "requested",
    suggestion: null,
    declineMessage: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    version: 1,
  };

  const samples: { [E in ServerEventName]: ServerEvents[E] } = {
    "job.created": jobs[0],
    "job.updated": jobs[0],
    "job.deleted": { id: jobs[0].id, companyId },
    "jobSeries.changed": { companyId, seriesId: randomUUID() },
    "employee.created": employees[0],
    "employee.updated": employees[0],
    "employee.deleted": { id: employees[0].id, companyId },
    "template.created": {
      id: randomUUID(),
      companyId,
      name: "Standard week",
      description: null,
      templateData: [],
      createdAt: new Date().toISOString(),
      version: 1,
    },
    "template.deleted": { id: randomUUID(), companyId },
    "template.applied": {
      companyId,
      templateId: randomUUID(),
      weekStart: "2026-11-23",
      created: 2,
      skipped: 0,
    },
    "weeklySchedule.created": weeks[0],
    "weeklySchedule.updated": weeks[0],
    "chat.message": chat.body,
    "callRecord.created": calls[0],
    "callRecord.updated": calls[0],
    "callRecord.deleted": { id: calls[0].id, companyId },
    "customer.created": customer,
    "customer.updated": customer,
    "customer.deleted": { id: customer.id, companyId },
    "customer.imported": { companyId, created: 3, updated: 1 },
    "dailyCall.updated": dailyCall,
    "member.joined": { ...admin, companyId },
    "member.removed": { companyId, userId: tenant.admin.id },
    "member.updated": { ...admin, companyId },
    "invitation.created": { ...invitations[0], companyId },
    "invitation.deleted": { id: invitations[0].id, companyId },
    "subscription.updated": { companyId },
    "settings.updated": { ...settings, companyId },
    "notification.created": {
      id: randomUUID(),
      kind: "member.joined",
      message: "Adam Admin joined the team",
      jobId: null,
      timeOff: null,
      createdAt: new Date().toISOString(),
      read: false,
      companyId,
    },
    "notification.read": { companyId },
    "presence.updated": {
      companyId,
      weekStart: "2026-11-23",
      users: [
        { userId: tenant.owner.id, firstName: tenant.owner.firstName, lastName: tenant.owner.lastName },
      ],
    },
    "presence.online": { companyId },
    "timesheet.changed": { companyId, employeeId: tenant.employee.id, weekStart: "2026-11-23" },
    "time_off.created": signal,
    "time_off.updated": signal,
    "time_off.deleted": signal,
    "booking.requested": bookingRequest,
    "booking.updated": { ...bookingRequest, status: "booked" },
    "invoice.updated": {
      id: randomUUID(),
      companyId,
      number: 1,
      status: "paid",
      customerId: customer.id,
      billTo: { name: customer.name, address: null, email: customer.email },
      jobIds: [],
      pricesIncludeTax: false,
      subtotal: { amount: 1_000, currency: "USD" },
      tax: { amount: 0, currency: "USD" },
      total: { amount: 1_000, currency: "USD" },
      paid: { amount: 1_000, currency: "USD" },
      credited: { amount: 0, currency: "USD" },
      balance: { amount: 0, currency: "USD" },
      issuedOn: "2026-11-23",
      dueOn: "2026-12-07",
      sentAt: null,
      voidedAt: null,
      voidReason: null,
      version: 2,
      createdAt: new Date().toISOString(),
    },
    "quote.updated": {
      id: randomUUID(),
      companyId,
      customerId: customer.id,
      customerName: customer.name,
      number: 1,
      status: "sent",
      expiresOn: "2026-12-31",
      jobType: "Repair",
      notes: null,
      currency: "USD",
      pricesIncludeTax: false,
      options: [
        {
          id: randomUUID(),
          name: "Good",
          position: 0,
          subtotal: { amount: 1_000, currency: "USD" },
          tax: { amount: 0, currency: "USD" },
          total: { amount: 1_000, currency: "USD" },
          deposit: null,
        },
      ],
      approvedOptionId: null,
      approvedBy: null,
      approvedAt: null,
      declineReason: null,
      declinedAt: null,
      sentAt: new Date().toISOString(),
      viewedAt: null,
      jobIds: [],
      deposit: null,
      depositPaid: null,
      version: 2,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    },
  };
  return {
    ...tenant,
    companyId,
    ownerAgent: owner,
    technicianAgent: technician,
    samples,
    secrets,
    customer,
    invitation,
    ownCustomer,
  };
}

const EVENTS = Object.keys(EVENT_AUDIENCE) as ServerEventName[];

const payloadsOf = (heard: Heard, event: string) =>
  heard.filter((entry) => entry.event === event).map((entry) => entry.payload);

describe("every event, per role", () => {
  it("reaches the office whole and a technician only with what the API lets them read", async () => {
    const book = await buildCompanyWithSecrets();
    expect(book.secrets).toEqual(
      expect.arrayContaining([
        book.customer.notes,
        book.customer.email,
        book.customer.phone,
        book.invitation.email,
      ]),
    );
    const sockets = {
      owner: await connectAs(book.owner),
      admin: await connectAs(book.admin),
      employee: await connectAs(book.employeeUser),
    };
    const heard = {
      owner: recordEvents(sockets.owner),
      admin: recordEvents(sockets.admin),
      employee: recordEvents(sockets.employee),
    };

    for (const event of EVENTS) {
      if (EVENT_AUDIENCE[event] === "user") publishToUser(book.owner.id, event, book.samples[event]);
      else publish(book.companyId, event as CompanyEventName, book.samples[event as CompanyEventName]);
    }
    await flush(book.companyId, Object.values(sockets));

    const told = JSON.stringify(heard.employee);
    expect(
      book.secrets.filter((secret) => told.includes(secret)),
      "refused to the technician",
    ).toEqual([]);
    for (const event of EVENTS) {
      const sample = book.samples[event];
      const audience = EVENT_AUDIENCE[event];
      // presence.online also comes when a socket opens, job.deleted as the flush's marker.
      for (const office of ["owner", "admin"] as const) {
        const payloads = payloadsOf(heard[office], event);
        if (audience === "user" && office === "admin") expect(payloads, `${office}: ${event}`).toEqual([]);
        else expect(payloads, `${office}: ${event}`).toContainEqual(sample);
      }
      const technician = payloadsOf(heard.employee, event);
      if (audience === "company") {
        expect(technician, event).toContainEqual(sample);
      } else if (audience === "officeAndSignal") {
        expect(technician, event).toEqual([{ companyId: book.companyId }]);
      } else {
        expect(technician, event).toEqual([]);
      }
    }
    for (const socket of Object.values(sockets)) socket.close();
  });
});

describe("live updates through the API", () => {
  it("tells a technician that their customer changed, and they read the change through the API", async () => {
    const book = await buildCompanyWithSecrets();
    const ownerSocket = await connectAs(book.owner);
    const technicianSocket = await connectAs(book.employeeUser);
    const officeHears = nextEvent<{ name: string }>(ownerSocket, "customer.updated");
    const technicianHears = nextEvent(technicianSocket, "customer.updated");
    const id = book.ownCustomer.body.id;
    const res = await book.ownerAgent
      .put(`/api/customers/${id}`)
      .send({ companyId: book.companyId, name: "Uma Renamed", notes: "Back door only" });
    expect(res.status).toBe(200);

    expect((await officeHears).name).toBe("Uma Renamed");
    expect(await technicianHears).toEqual({ companyId: book.companyId });
    const mine = await book.technicianAgent.get(`/api/customers/${id}`);
    expect([mine.body.name, mine.body.notes]).toEqual(["Uma Renamed", "Back door only"]);
    ownerSocket.close();
    technicianSocket.close();
  });
});

describe("the office room", () => {
  const sampleInvitation = (companyId: string) => ({
    id: randomUUID(),
    email: "someone@example.test",
    role: "employee" as const,
    createdAt: new Date().toISOString(),
    expiresAt: new Date().toISOString(),
    employeeId: null,
    companyId,
  });

  it("follows a role changed in the database within one check, and a removal at once", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const sockets = [await connectAs(owner), await connectAs(admin), await connectAs(employeeUser)];
    const [, adminHeard, employeeHeard] = sockets.map(recordEvents);
    const setRole = (userId: string, role: "admin" | "employee") =>
      db
        .update(companyUsers)
        .set({ role })
        .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, userId)));
    await setRole(admin.id, "employee");
    await setRole(employeeUser.id, "admin");
    await revalidateLocalSockets(gateway.io);

    const invited = sampleInvitation(company.id);
    publish(company.id, "invitation.created", invited);
    await flush(company.id, sockets);
    expect(payloadsOf(adminHeard, "invitation.created")).toEqual([]);
    expect(payloadsOf(employeeHeard, "invitation.created")).toEqual([invited]);

    await db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, employeeUser.id)));
    removeUserFromCompanyRoom(employeeUser.id, company.id);
    publish(company.id, "invitation.created", sampleInvitation(company.id));
    await flush(company.id, [sockets[0]]);
    expect(payloadsOf(employeeHeard, "invitation.created")).toEqual([invited]);
    for (const socket of sockets) socket.close();
  });

  it("is joined by an admin who accepts an invitation, not by a new technician", async () => {
    const { company, owner } = await buildTenant();
    const [newAdmin, newTechnician] = [await buildUser(), await buildUser()];
    const sockets = [await connectAs(owner), await connectAs(newAdmin), await connectAs(newTechnician)];
    const [, adminHeard, technicianHeard] = sockets.map(recordEvents);
    // The rows first: the gateway's check would otherwise take them out of the rooms again.
    await db.insert(companyUsers).values([
      { companyId: company.id, userId: newAdmin.id, role: "admin" },
      { companyId: company.id, userId: newTechnician.id, role: "employee" },
    ]);
    addUserToCompanyRoom(newAdmin.id, company.id, "admin");
    addUserToCompanyRoom(newTechnician.id, company.id, "employee");

    const invited = sampleInvitation(company.id);
    publish(company.id, "invitation.created", invited);
    await flush(company.id, sockets);
    expect(payloadsOf(adminHeard, "invitation.created")).toEqual([invited]);
    expect(payloadsOf(technicianHeard, "invitation.created")).toEqual([]);
    for (const socket of sockets) socket.close();
  });
});
