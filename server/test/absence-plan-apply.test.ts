/**
 * The sick day applied and undone (docs/time-off.md): POST
 * /api/employees/:id/absence-plan/apply records approved sick time off and every move in one
 * transaction (one stale job: nothing applied), announces after commit, tells each colleague
 * once and the absent technician nothing, and a customer only of a new time; the Undo puts
 * it all back.
 */
import { db } from "@sched/core/db/client";
import { customerNotices, jobs, notifications, timeOff } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import type { AbsencePlanAppliedDTO, JobDTO } from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCrew, flush, recordBell } from "./notification-support";
import { connectSocket, sessionCookieFor, startGateway } from "./realtime-support";
import { type Agent, agentFor, anonymous } from "./support";

const DAY = "2026-11-30";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
  await closeQueues();
});

/** Pat Plumber (Emma's roster entry) is out with two jobs; Sam Sparks (linked) and Uma (not) can take them. */
async function sickCrew() {
  const crew = await buildCrew();
  const { company, employee: patEmployee } = crew;
  const morning = await buildJob(company.id, patEmployee.id, {
    date: DAY,
    time: "09:00",
    location: "12 Oak Rd",
  });
  const afternoon = await buildJob(company.id, patEmployee.id, {
    date: DAY,
    time: "14:00",
    location: "4 Elm St",
  });
  return { ...crew, patEmployee, morning, afternoon };
}

const applyPath = (employeeId: string) => `/api/employees/${employeeId}/absence-plan/apply`;
const undoPath = (employeeId: string) => `/api/employees/${employeeId}/absence-plan/undo`;

const jobRow = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];
const timeOffOf = (employeeId: string) =>
  db.select().from(timeOff).where(eq(timeOff.employeeId, employeeId)).orderBy(asc(timeOff.createdAt));

async function applied(agent: Agent, employeeId: string, body: object): Promise<AbsencePlanAppliedDTO> {
  const res = await agent.post(applyPath(employeeId)).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("applying a sick day", () => {
  it("records approved sick time off and every move at once, announced after commit", async () => {
    const crew = await sickCrew();
    const owner = await agentFor(crew.owner);
    const socket = await connectSocket(gateway.url, { cookie: await sessionCookieFor(crew.admin) });
    const seen: JobDTO[] = [];
    socket.on("job.updated", (job: JobDTO) => seen.push(job));
    try {
      const result = await applied(owner, crew.patEmployee.id, {
        companyId: crew.company.id,
        date: DAY,
        moves: [
          { jobId: crew.morning.id, employeeId: crew.samEmployee.id, time: "09:00", version: 1 },
          { jobId: crew.afternoon.id, employeeId: null, version: 1 },
        ],
      });
      expect(result.moved).toMatchObject([
        { id: crew.morning.id, employeeId: crew.samEmployee.id, date: DAY, time: "09:00", version: 2 },
      ]);
      expect(result.unscheduled).toMatchObject([
        { id: crew.afternoon.id, employeeId: null, date: null, time: null, version: 2 },
      ]);
      const [off] = await timeOffOf(crew.patEmployee.id);
      expect(off).toMatchObject({
        id: result.timeOffId,
        kind: "sick",
        status: "approved",
        startDate: DAY,
        endDate: DAY,
        startTime: null,
        endTime: null,
      });
      await flush([socket], crew.company.id);
      expect(seen.map((job) => job.id).sort()).toEqual([crew.morning.id, crew.afternoon.id].sort());
    } finally {
      socket.close();
    }
  });

  it("applies nothing when one job changed since the preview (409 stale)", async () => {
    const crew = await sickCrew();
    const owner = await agentFor(crew.owner);
    await db
      .update(jobs)
      .set({ version: 2, location: "Changed meanwhile" })
      .where(eq(jobs.id, crew.afternoon.id));
    const res = await owner.post(applyPath(crew.patEmployee.id)).send({
      companyId: crew.company.id,
      date: DAY,
      moves: [
        { jobId: crew.morning.id, employeeId: crew.samEmployee.id, time: "09:00", version: 1 },
        { jobId: crew.afternoon.id, employeeId: crew.samEmployee.id, time: "14:00", version: 1 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "stale", current: { id: crew.afternoon.id, version: 2 } });
    expect(await jobRow(crew.morning.id)).toMatchObject({ employeeId: crew.patEmployee.id, version: 1 });
    expect(await timeOffOf(crew.patEmployee.id)).toEqual([]);
  });

  it("refuses a move to the absent employee, an inactive or foreign one, or a job not theirs that day", async () => {
    const crew = await sickCrew();
    const other = await buildTenant();
    const owner = await agentFor(crew.owner);
    const inactive = await buildEmployee(crew.company.id, {
      name: "Ina Inactive",
      initials: "II",
      isActive: false,
    });
    const elsewhere = await buildJob(crew.company.id, crew.samEmployee.id, { date: DAY, time: "11:00" });
    const move = (extra: object) => ({
      companyId: crew.company.id,
      date: DAY,
      moves: [
        { jobId: crew.morning.id, employeeId: crew.samEmployee.id, time: "09:00", version: 1, ...extra },
      ],
    });
    const cases: [object, string, string][] = [
      [
        move({ employeeId: crew.patEmployee.id }),
        "moves.0.employeeId",
        "A job cannot go to the employee who is out",
      ],
      [move({ employeeId: inactive.id }), "moves.0.employeeId", "Employee is not active"],
      [move({ employeeId: other.employee.id }), "moves.0.employeeId", "Employee is not part of this company"],
      [move({ jobId: elsewhere.id }), "moves.0.jobId", "Job is not one of this employee's jobs that day"],
      [move({ time: undefined }), "moves.0.time", "Time is required"],
    ];
    for (const [body, path, message] of cases) {
      const res = await owner.post(applyPath(crew.patEmployee.id)).send(body);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ code: "validation", message, errors: [{ path, message }] });
    }
    const twice = await owner.post(applyPath(crew.patEmployee.id)).send({
      companyId: crew.company.id,
      date: DAY,
      moves: [
        { jobId: crew.morning.id, employeeId: null, version: 1 },
        { jobId: crew.morning.id, employeeId: null, version: 1 },
      ],
    });
    expect(twice.body).toMatchObject({ code: "validation", message: "Each job may be moved only once" });
    // A job of another company is not found, as an unknown one.
    const foreignJob = await buildJob(other.company.id, other.employee.id, { date: DAY });
    const foreign = await owner.post(applyPath(crew.patEmployee.id)).send(move({ jobId: foreignJob.id }));
    expect(foreign.status).toBe(404);
    expect(await jobRow(crew.morning.id)).toMatchObject({ employeeId: crew.patEmployee.id, version: 1 });
    expect(await timeOffOf(crew.patEmployee.id)).toEqual([]);
  });

  it("answers 401 signed out, 403 to an employee, 404 across companies", async () => {
    const crew = await sickCrew();
    const other = await buildTenant();
    const body = { companyId: crew.company.id, date: DAY, moves: [] };
    expect((await anonymous().post(applyPath(crew.patEmployee.id)).send(body)).status).toBe(401);
    expect((await (await agentFor(crew.pat)).post(applyPath(crew.patEmployee.id)).send(body)).status).toBe(
      403,
    );
    const stranger = await agentFor(other.owner);
    const foreign = await stranger
      .post(applyPath(crew.patEmployee.id))
      .send({ companyId: other.company.id, date: DAY, moves: [] });
    expect(foreign.status).toBe(404);
    expect(await timeOffOf(crew.patEmployee.id)).toEqual([]);
    // The admin may: with no moves, the day off alone is recorded.
    const admin = await applied(await agentFor(crew.admin), crew.patEmployee.id, body);
    expect(admin).toMatchObject({ moved: [], unscheduled: [] });
  });
});

describe("who is told", () => {
  it("each colleague who received jobs gets one entry for the day; the absent technician none", async () => {
    const crew = await sickCrew();
    const owner = await agentFor(crew.owner);
    const sockets = await Promise.all(
      [crew.sam, crew.pat, crew.admin].map(async (user) =>
        connectSocket(gateway.url, { cookie: await sessionCookieFor(user) }),
      ),
    );
    const [samBell, patBell, adminBell] = sockets.map(recordBell);
    try {
      await applied(owner, crew.patEmployee.id, {
        companyId: crew.company.id,
        date: DAY,
        moves: [
          { jobId: crew.morning.id, employeeId: crew.samEmployee.id, time: "09:00", version: 1 },
          { jobId: crew.afternoon.id, employeeId: crew.samEmployee.id, time: "14:00", version: 1 },
        ],
      });
      await flush(sockets, crew.company.id);
      expect(samBell).toHaveLength(1);
      expect(samBell[0]).toMatchObject({
        kind: "job.assigned",
        message:
          "Olive Owner gave you 2 of Pat Plumber's jobs on Mon 30 Nov (9:00 AM, 2:00 PM): Pat Plumber is out",
      });
      expect(patBell).toEqual([]);
      expect(adminBell).toEqual([]);
      const stored = await db
        .select()
        .from(notifications)
        .where(eq(notifications.companyId, crew.company.id));
      expect(stored.map((row) => row.recipientUserId)).toEqual([crew.sam.id]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it("tells a customer only when the arrival time changed, exactly once", async () => {
    const crew = await sickCrew();
    const owner = await agentFor(crew.owner);
    const settings = await owner
      .put(`/api/companies/${crew.company.id}/settings`)
      .send({ customerNotices: true });
    expect(settings.status).toBe(200);
    await db
      .update(jobs)
      .set({ customerEmail: "cora@example.test" })
      .where(eq(jobs.companyId, crew.company.id));
    await applied(owner, crew.patEmployee.id, {
      companyId: crew.company.id,
      date: DAY,
      moves: [
        { jobId: crew.morning.id, employeeId: crew.samEmployee.id, time: "09:00", version: 1 },
        { jobId: crew.afternoon.id, employeeId: crew.samEmployee.id, time: "15:30", version: 1 },
      ],
    });
    const noticesOf = (jobId: string) =>
      db
        .select()
        .from(customerNotices)
        .where(and(eq(customerNotices.jobId, jobId), eq(customerNotices.kind, "confirmation")));
    expect(await noticesOf(crew.morning.id)).toEqual([]);
    const afternoon = await noticesOf(crew.afternoon.id);
    expect(afternoon).toHaveLength(1);
    expect(afternoon[0].dedupeKey).toContain(`${DAY}T15:30`);
  });
});

describe("the Undo", () => {
  it("puts every job back and removes the time off; a job changed since stops it all", async () => {
    const crew = await sickCrew();
    const owner = await agentFor(crew.owner);
    const result = await applied(owner, crew.patEmployee.id, {
      companyId: crew.company.id,
      date: DAY,
      moves: [
        { jobId: crew.morning.id, employeeId: crew.samEmployee.id, time: "10:00", version: 1 },
        { jobId: crew.afternoon.id, employeeId: null, version: 1 },
      ],
    });
    const undoBody = {
      companyId: crew.company.id,
      timeOffId: result.timeOffId,
      jobs: [
        { jobId: crew.morning.id, time: "09:00", version: 2 },
        { jobId: crew.afternoon.id, time: "14:00", version: 2 },
      ],
    };
    // Someone moved the morning job meanwhile: nothing is undone.
    await db.update(jobs).set({ version: 3 }).where(eq(jobs.id, crew.morning.id));
    const stale = await owner.post(undoPath(crew.patEmployee.id)).send(undoBody);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale");
    expect(await jobRow(crew.afternoon.id)).toMatchObject({ employeeId: null, version: 2 });
    expect(await timeOffOf(crew.patEmployee.id)).toHaveLength(1);

    const sockets = [await connectSocket(gateway.url, { cookie: await sessionCookieFor(crew.sam) })];
    const samBell = recordBell(sockets[0]);
    try {
      const res = await owner.post(undoPath(crew.patEmployee.id)).send({
        ...undoBody,
        jobs: [{ ...undoBody.jobs[0], version: 3 }, undoBody.jobs[1]],
      });
      expect(res.status).toBe(200);
      expect(res.body.restored).toHaveLength(2);
      expect(await jobRow(crew.morning.id)).toMatchObject({
        employeeId: crew.patEmployee.id,
        date: DAY,
        time: "09:00",
      });
      expect(await jobRow(crew.afternoon.id)).toMatchObject({
        employeeId: crew.patEmployee.id,
        date: DAY,
        time: "14:00",
      });
      expect(await timeOffOf(crew.patEmployee.id)).toEqual([]);
      await flush(sockets, crew.company.id);
      expect(samBell).toHaveLength(1);
      expect(samBell[0].message).toBe(
        "Olive Owner undid the re-plan of Pat Plumber's day on Mon 30 Nov: your 1 job went back",
      );
    } finally {
      sockets[0].close();
    }
    // Once undone, there is nothing left to undo.
    const again = await owner.post(undoPath(crew.patEmployee.id)).send(undoBody);
    expect(again.status).toBe(404);
  });

  it("answers 400 with the field's message, 403 to an employee, 404 for time off of another company", async () => {
    const crew = await sickCrew();
    const other = await buildTenant();
    const owner = await agentFor(crew.owner);
    const missing = await owner
      .post(undoPath(crew.patEmployee.id))
      .send({ companyId: crew.company.id, jobs: [] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: "Time off is required",
      errors: [{ path: "timeOffId", message: "Time off is required" }],
    });
    const otherOwner = await agentFor(other.owner);
    const theirs = await applied(otherOwner, other.employee.id, {
      companyId: other.company.id,
      date: DAY,
      moves: [],
    });
    const body = { companyId: crew.company.id, timeOffId: theirs.timeOffId, jobs: [] };
    expect((await (await agentFor(crew.pat)).post(undoPath(crew.patEmployee.id)).send(body)).status).toBe(
      403,
    );
    const foreign = await owner.post(undoPath(crew.patEmployee.id)).send(body);
    expect(foreign.status).toBe(404);
    expect(await timeOffOf(other.employee.id)).toHaveLength(1);
  });
});

describe("a day the technician already reported sick", () => {
  it("approves their own pending request instead of adding one; they hear the decision only; Undo reopens it", async () => {
    const crew = await sickCrew();
    await db.insert(timeOff).values({
      companyId: crew.company.id,
      employeeId: crew.patEmployee.id,
      startDate: DAY,
      endDate: DAY,
      kind: "sick",
      status: "pending",
      requestedBy: crew.pat.id,
    });
    const owner = await agentFor(crew.owner);
    const result = await applied(owner, crew.patEmployee.id, {
      companyId: crew.company.id,
      date: DAY,
      moves: [{ jobId: crew.morning.id, employeeId: crew.samEmployee.id, time: "09:00", version: 1 }],
    });
    expect(result.approvedRequest).toBe(true);
    const [request] = await timeOffOf(crew.patEmployee.id);
    expect(await timeOffOf(crew.patEmployee.id)).toHaveLength(1);
    expect(request).toMatchObject({
      id: result.timeOffId,
      status: "approved",
      decidedBy: crew.owner.id,
      version: 2,
    });
    const patEntries = await db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientUserId, crew.pat.id));
    expect(patEntries.map((entry) => entry.kind)).toEqual(["time_off.decided"]);

    const undo = await owner.post(undoPath(crew.patEmployee.id)).send({
      companyId: crew.company.id,
      timeOffId: result.timeOffId,
      jobs: [{ jobId: crew.morning.id, time: "09:00", version: 2 }],
      reopenRequest: true,
    });
    expect(undo.status).toBe(200);
    expect(await timeOffOf(crew.patEmployee.id)).toMatchObject([
      { id: result.timeOffId, status: "pending", decidedBy: null, decidedAt: null, version: 3 },
    ]);
    expect(await jobRow(crew.morning.id)).toMatchObject({ employeeId: crew.patEmployee.id, time: "09:00" });
  });
});
