/**
 * Who the bell tells what (docs/realtime.md), through the real API: the
 * technician hears about the office's changes to their jobs, owners and admins hear about
 * field work, nobody hears about their own change, and the event reaches only the
 * recipient's own sockets.
 */
import { db } from "@sched/core/db/client";
import { scheduleTemplates } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import type { NotificationDTO } from "@sched/shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bellOf, buildCrew, flush, linkMember, recordBell, storedEntries } from "./notification-support";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

const connectAs = async (user: { email: string }) =>
  connectSocket(gateway.url, { Cookie: await sessionCookieFor(user) });

const OAK = { type: "Repair", location: "12 Oak Rd", date: "2026-11-24", time: "09:00" } as const;
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64, 1)]);

describe("the technician of a job", () => {
  it("is told when the office assigns them a job, and hears it on their own sockets only, within 2 s", async () => {
    const { company, owner, admin, pat, sam, employee } = await buildCrew();
    const patSocket = await connectAs(pat);
    const others = await Promise.all([owner, admin, sam].map(connectAs));
    const othersHeard = others.map(recordBell);
    try {
      const heard = nextEvent<NotificationDTO & { companyId: string }>(
        patSocket,
        "notification.created",
        2000,
      );
      const created = await (await agentFor(owner))
        .post("/api/jobs")
        .send({ companyId: company.id, employeeId: employee.id, ...OAK });
      expect(created.status).toBe(201);
      expect(await heard).toEqual({
        id: expect.any(String),
        kind: "job.assigned",
        message: "Olive Owner assigned you a 9:00 AM Repair at 12 Oak Rd on Tue 24 Nov",
        jobId: created.body.id,
        timeOff: null,
        createdAt: expect.any(String),
        read: false,
        companyId: company.id,
      });
      await flush(others, company.id);
      expect(othersHeard).toEqual([[], [], []]);
      expect(await storedEntries(company.id)).toEqual([
        [pat.id, "job.assigned", "Olive Owner assigned you a 9:00 AM Repair at 12 Oak Rd on Tue 24 Nov"],
      ]);
    } finally {
      for (const socket of [patSocket, ...others]) socket.close();
    }
  });

  it("hears times in the company's format: its country's, or the one the owner chose", async () => {
    const { company, owner, pat, employee } = await buildCrew();
    const office = await agentFor(owner);
    const book = (time: string) =>
      office.post("/api/jobs").send({ companyId: company.id, employeeId: employee.id, ...OAK, time });
    const settings = `/api/companies/${company.id}/settings`;
    expect((await office.put(settings).send({ country: "GB" })).status).toBe(200);
    expect((await book("14:00")).status).toBe(201);
    expect((await office.put(settings).send({ timeFormat: "12h" })).status).toBe(200);
    expect((await book("15:30")).status).toBe(201);
    const told = (await bellOf(pat, company.id)).map((entry) => entry.message);
    expect(told).toEqual(
      expect.arrayContaining([
        "Olive Owner assigned you a 14:00 Repair at 12 Oak Rd on Tue 24 Nov",
        "Olive Owner assigned you a 3:30 PM Repair at 12 Oak Rd on Tue 24 Nov",
      ]),
    );
  });

  it("is told when the job moves, changes, is cancelled or deleted; nobody else is", async () => {
    const { company, owner, admin, pat, employee } = await buildCrew();
    const job = await buildJob(company.id, employee.id, OAK);
    const office = await agentFor(admin);
    await office.put(`/api/jobs/${job.id}`).send({ date: "2026-11-25", time: "10:30" });
    await office.put(`/api/jobs/${job.id}`).send({ location: "14 Elm St" });
    // Nothing a technician needs to hear: the price.
    await office.put(`/api/jobs/${job.id}`).send({ amount: "99" });
    await office.put(`/api/jobs/${job.id}`).send({ status: "cancelled" });
    expect((await office.delete(`/api/jobs/${job.id}`)).status).toBe(204);

    const bell = await bellOf(pat, company.id);
    expect(bell.map((entry) => [entry.kind, entry.message, entry.jobId])).toEqual([
      [
        "job.deleted",
        "Adam admin removed your 10:30 AM Repair at 14 Elm St on Wed 25 Nov from the schedule",
        null,
      ],
      // The job is gone, so the older entries no longer point at it either.
      ["job.cancelled", "Adam admin cancelled your 10:30 AM Repair at 14 Elm St on Wed 25 Nov", null],
      ["job.changed", "Your 10:30 AM Repair at 12 Oak Rd on Wed 25 Nov is now at 14 Elm St", null],
      ["job.moved", "Your 9:00 AM Repair at 12 Oak Rd moved to Wed 25 Nov 10:30 AM", null],
    ]);
    expect(await bellOf(owner, company.id)).toEqual([]);
    expect(await bellOf(admin, company.id)).toEqual([]);
  });

  it("is told when the job is given to someone else, and the new technician is told it is theirs", async () => {
    const { company, owner, pat, sam, employee, samEmployee } = await buildCrew();
    const job = await buildJob(company.id, employee.id, OAK);
    await (await agentFor(owner)).put(`/api/jobs/${job.id}`).send({ employeeId: samEmployee.id });
    expect((await bellOf(pat, company.id)).map((entry) => [entry.kind, entry.message])).toEqual([
      [
        "job.reassigned_away",
        "Olive Owner reassigned your 9:00 AM Repair at 12 Oak Rd on Tue 24 Nov to Sam Sparks",
      ],
    ]);
    expect((await bellOf(sam, company.id)).map((entry) => [entry.kind, entry.message, entry.jobId])).toEqual([
      ["job.assigned", "Olive Owner assigned you a 9:00 AM Repair at 12 Oak Rd on Tue 24 Nov", job.id],
    ]);
  });

  it("tells nobody about a roster employee no member is linked to", async () => {
    const { company, owner, unlinked } = await buildCrew();
    const agent = await agentFor(owner);
    const created = await agent
      .post("/api/jobs")
      .send({ companyId: company.id, employeeId: unlinked.id, ...OAK });
    await agent.put(`/api/jobs/${created.body.id}`).send({ time: "11:00" });
    await agent.delete(`/api/jobs/${created.body.id}`);
    expect(await storedEntries(company.id)).toEqual([]);
  });

  it("is not told about their own change, even as an owner who does the jobs", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    // Pat's roster entry is the owner's own (a one-person business).
    await linkMember(company.id, owner.id, employee.id);
    const agent = await agentFor(owner);
    const created = await agent
      .post("/api/jobs")
      .send({ companyId: company.id, employeeId: employee.id, ...OAK });
    await agent.put(`/api/jobs/${created.body.id}`).send({ date: "2026-11-26" });
    await agent.put(`/api/jobs/${created.body.id}`).send({ status: "completed" });
    expect(await bellOf(owner, company.id)).toEqual([]);
    // Completing their own job is field work: the admin hears it.
    expect((await bellOf(admin, company.id)).map((entry) => entry.kind)).toEqual(["job.completed"]);
  });

  it("gets one entry per template week, not one per job", async () => {
    const { company, owner, pat, sam, employee, samEmployee, unlinked } = await buildCrew();
    const entry = { type: "Repair", location: "1 Main St", description: null, amount: null };
    const [template] = await db
      .insert(scheduleTemplates)
      .values({
        companyId: company.id,
        name: "Standard week",
        templateData: [
          { ...entry, employeeId: employee.id, dayOfWeek: 0, time: "09:00" },
          { ...entry, employeeId: employee.id, dayOfWeek: 2, time: "10:00" },
          { ...entry, employeeId: samEmployee.id, dayOfWeek: 1, time: "08:00" },
          { ...entry, employeeId: unlinked.id, dayOfWeek: 1, time: "08:00" },
        ],
      })
      .returning();
    const res = await (await agentFor(owner))
      .post(`/api/templates/${template.id}/apply`)
      .send({ companyId: company.id, weekStart: "2026-11-30" });
    expect(res.body).toEqual({ created: 4, skipped: 0 });
    const bells = await Promise.all([pat, sam].map((user) => bellOf(user, company.id)));
    expect(bells.map((bell) => bell.map((n) => [n.kind, n.message, n.jobId]))).toEqual([
      [["job.assigned", "Olive Owner scheduled 2 jobs for you in the week of Mon 30 Nov", null]],
      [["job.assigned", "Olive Owner scheduled 1 job for you in the week of Mon 30 Nov", null]],
    ]);
    expect(await bellOf(owner, company.id)).toEqual([]);
  });
});

describe("owners and admins", () => {
  it("are told when a technician completes a job, adds a photo or is on the way; other technicians are not", async () => {
    const { company, owner, admin, pat, sam, employee } = await buildCrew();
    const job = await buildJob(company.id, employee.id, OAK);
    const ownerSocket = await connectAs(owner);
    const others = await Promise.all([pat, sam].map(connectAs));
    const othersHeard = others.map(recordBell);
    const field = await agentFor(pat);
    try {
      const onTheWay = nextEvent<NotificationDTO>(ownerSocket, "notification.created", 2000);
      expect((await field.put(`/api/jobs/${job.id}`).send({ onMyWay: true })).status).toBe(200);
      expect(await onTheWay).toMatchObject({
        kind: "job.on_my_way",
        message: "Pat Plumber is on the way to 12 Oak Rd",
        jobId: job.id,
      });
      const photo = `data:image/png;base64,${PNG.toString("base64")}`;
      await field.put(`/api/jobs/${job.id}`).send({ beforePhoto: photo });
      await field.put(`/api/jobs/${job.id}`).send({ status: "completed" });
      await flush(others, company.id);
      expect(othersHeard).toEqual([[], []]);
    } finally {
      for (const socket of [ownerSocket, ...others]) socket.close();
    }
    const expected = [
      ["job.completed", "Pat Plumber completed the 9:00 AM Repair at 12 Oak Rd"],
      ["job.photo_added", "Pat Plumber added a before photo to the 9:00 AM Repair at 12 Oak Rd"],
      ["job.on_my_way", "Pat Plumber is on the way to 12 Oak Rd"],
    ];
    for (const user of [owner, admin]) {
      expect((await bellOf(user, company.id)).map((entry) => [entry.kind, entry.message])).toEqual(expected);
    }
    expect(await bellOf(pat, company.id)).toEqual([]);
    expect(await bellOf(sam, company.id)).toEqual([]);
  });

  it("are not told when the office itself completes someone's job from the board", async () => {
    const { company, admin, employee } = await buildCrew();
    const job = await buildJob(company.id, employee.id, OAK);
    await (await agentFor(admin)).put(`/api/jobs/${job.id}`).send({ status: "completed" });
    expect(await storedEntries(company.id)).toEqual([]);
  });

  it("hear an employee-role member's field work on their own job, the doer excepted", async () => {
    const { company, owner, admin, sam, samEmployee } = await buildCrew();
    const job = await buildJob(company.id, samEmployee.id, OAK);
    await (await agentFor(sam)).put(`/api/jobs/${job.id}`).send({ status: "completed" });
    expect(await storedEntries(company.id)).toEqual(
      expect.arrayContaining([
        [owner.id, "job.completed", "Sam Sparks completed the 9:00 AM Repair at 12 Oak Rd"],
        [admin.id, "job.completed", "Sam Sparks completed the 9:00 AM Repair at 12 Oak Rd"],
      ]),
    );
    expect(await storedEntries(company.id)).toHaveLength(2);
  });
});

describe("a change refused", () => {
  it("answers 404 to another company's member and tells nobody", async () => {
    const { company, employee } = await buildCrew();
    const stranger = await buildTenant();
    const job = await buildJob(company.id, employee.id, OAK);
    const res = await (await agentFor(stranger.owner)).put(`/api/jobs/${job.id}`).send({ time: "11:00" });
    expect(res.status).toBe(404);
    expect(await storedEntries(company.id)).toEqual([]);
    expect(await storedEntries(stranger.company.id)).toEqual([]);
  });
});
