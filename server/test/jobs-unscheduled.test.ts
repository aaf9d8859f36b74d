/**
 * The Unscheduled tray (docs/schedule.md): a job without employee,
 * date and time, listed by GET /api/jobs?unscheduled=true, scheduled from the tray and
 * put back, in no week and no week's export.
 */
import { PROGRESS_ONLY } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { companyUsers, jobs, notifications, scheduleTemplates, weeklySchedules } from "@sched/core/db/schema";
import { buildJob, buildTenant, buildUnscheduledJob } from "@sched/core/test/factories";
import type { Deleted, JobDTO } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor } from "./support";

const tray = (companyId: string) => `/api/jobs?companyId=${companyId}&unscheduled=true`;
const week = (companyId: string) =>
  `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`;
const ids = (body: JobDTO[]) => body.map((job) => job.id);

const trayJob = (companyId: string) => ({
  companyId,
  type: "Inspection",
  location: "4 Birch Ln",
  description: "Call before coming",
});

async function linkTechnician(companyId: string, userId: string, employeeId: string) {
  await db
    .update(companyUsers)
    .set({ employeeId })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
}

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("an unscheduled job", () => {
  it("is created without employee, date and time, lands in the tray and in no week", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const scheduled = await buildJob(company.id, employee.id, { date: "2026-11-24" });

    const res = await agent.post("/api/jobs").send(trayJob(company.id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ employeeId: null, date: null, time: null, location: "4 Birch Ln" });
    // Empty strings, as a form sends them, mean the same.
    const blank = await agent
      .post("/api/jobs")
      .send({ ...trayJob(company.id), employeeId: "", date: "", time: "" });
    expect(blank.status).toBe(201);
    expect(blank.body).toMatchObject({ employeeId: null, date: null, time: null });

    const listed = await agent.get(tray(company.id));
    expect(listed.status).toBe(200);
    expect(ids(listed.body)).toEqual([res.body.id, blank.body.id]);
    expect(listed.body[0]).toMatchObject({ description: "Call before coming", version: 1 });
    expect(ids((await agent.get(week(company.id))).body)).toEqual([scheduled.id]);
    const mine = await agent.get(
      `/api/jobs?companyId=${company.id}&employeeId=${employee.id}&startDate=2026-01-01&endDate=2026-12-31`,
    );
    expect(ids(mine.body)).toEqual([scheduled.id]);
    // An unscheduled job opens no week in the history.
    const weeks = await db.select().from(weeklySchedules).where(eq(weeklySchedules.companyId, company.id));
    expect(weeks).toHaveLength(0);
  });

  it("needs employee, date and time together: the missing ones are named, nothing is saved", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const cases = [
      [{ employeeId: employee.id }, "Date is required", ["date", "time"]],
      [{ date: "2026-11-25" }, "Employee is required", ["employeeId", "time"]],
      [{ time: "10:00", employeeId: "" }, "Employee is required", ["employeeId", "date"]],
      [{ employeeId: employee.id, date: "2026-11-25" }, "Time is required", ["time"]],
    ] as const;
    for (const [slot, message, paths] of cases) {
      const res = await agent.post("/api/jobs").send({ ...trayJob(company.id), ...slot });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors.map((error: { path: string }) => error.path)).toEqual(paths);
    }
    expect(await db.select().from(jobs).where(eq(jobs.companyId, company.id))).toHaveLength(0);
  });

  it("refuses a change that leaves only part of the slot, and changes nothing", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const scheduled = await buildJob(company.id, employee.id);
    const parked = await buildUnscheduledJob(company.id);

    const halfCleared = await agent.put(`/api/jobs/${scheduled.id}`).send({ date: null, time: null });
    expect(halfCleared.status).toBe(400);
    expect(halfCleared.body).toMatchObject({
      message: "Date is required",
      errors: [
        { path: "date", message: "Date is required" },
        { path: "time", message: "Time is required" },
      ],
    });
    const halfSet = await agent.put(`/api/jobs/${parked.id}`).send({ date: "2026-11-25" });
    expect(halfSet.status).toBe(400);
    expect(halfSet.body.message).toBe("Employee is required");
    expect(halfSet.body.errors.map((error: { path: string }) => error.path)).toEqual(["employeeId", "time"]);

    const rows = await db.select().from(jobs).where(eq(jobs.companyId, company.id));
    expect(rows.map((row) => [row.id, row.date, row.version]).sort()).toEqual(
      [
        [scheduled.id, scheduled.date, 1],
        [parked.id, null, 1],
      ].sort(),
    );
    // Other fields of a tray job change as usual, and it stays in the tray.
    const renamed = await agent.put(`/api/jobs/${parked.id}`).send({ location: "5 Birch Ln" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ location: "5 Birch Ln", date: null, version: 2 });
  });

  it("is scheduled from the tray and put back, from the version seen, telling the technician", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    await linkTechnician(company.id, employeeUser.id, employee.id);
    const agent = await agentFor(owner);
    const parked = await buildUnscheduledJob(company.id, { type: "Repair", location: "12 Oak Rd" });

    const scheduled = await agent
      .put(`/api/jobs/${parked.id}`)
      .send({ employeeId: employee.id, date: "2026-11-24", time: "09:00", version: 1 });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({
      employeeId: employee.id,
      date: "2026-11-24",
      time: "09:00",
      version: 2,
    });
    expect(ids((await agent.get(tray(company.id))).body)).toEqual([]);
    expect(ids((await agent.get(week(company.id))).body)).toEqual([parked.id]);
    const weeks = await db.select().from(weeklySchedules).where(eq(weeklySchedules.companyId, company.id));
    expect(weeks.map((row) => row.weekStartDate)).toEqual(["2026-11-23"]);

    // A save from the version before the scheduling is stale: the other person's change stays.
    const stale = await agent
      .put(`/api/jobs/${parked.id}`)
      .send({ employeeId: null, date: null, time: null, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ date: "2026-11-24", version: 2 });

    const back = await agent
      .put(`/api/jobs/${parked.id}`)
      .send({ employeeId: null, date: null, time: null, version: 2 });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ employeeId: null, date: null, time: null, version: 3 });
    expect(ids((await agent.get(tray(company.id))).body)).toEqual([parked.id]);
    expect(ids((await agent.get(week(company.id))).body)).toEqual([]);

    const bell = await db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientUserId, employeeUser.id))
      .orderBy(notifications.createdAt);
    expect(bell.map((entry) => entry.message)).toEqual([
      "Olive Owner assigned you a 9:00 AM Repair at 12 Oak Rd on Tue 24 Nov",
      "Olive Owner moved your 9:00 AM Repair at 12 Oak Rd on Tue 24 Nov to Unscheduled",
    ]);
  });

  it("is announced to the company's room like any job, and the tray list follows", async () => {
    const { company, owner, employee } = await buildTenant();
    const watcher = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const agent = await agentFor(owner);
    const before = await agent.get(tray(company.id));
    const etag = before.headers.etag;

    const created = nextEvent<JobDTO>(watcher, "job.created");
    const res = await agent.post("/api/jobs").send(trayJob(company.id));
    expect(await created).toEqual(res.body);
    const changed = await agent.get(tray(company.id)).set("If-None-Match", etag);
    expect(changed.status).toBe(200);
    expect(ids(changed.body)).toEqual([res.body.id]);
    const unchanged = await agent.get(tray(company.id)).set("If-None-Match", changed.headers.etag);
    expect(unchanged.status).toBe(304);

    const updated = nextEvent<JobDTO>(watcher, "job.updated");
    const placed = await agent
      .put(`/api/jobs/${res.body.id}`)
      .send({ employeeId: employee.id, date: "2026-11-25", time: "13:00" });
    expect(await updated).toEqual(placed.body);
    expect(ids((await agent.get(tray(company.id)).set("If-None-Match", changed.headers.etag)).body)).toEqual(
      [],
    );
    watcher.close();
  });

  it("keeps tenancy: another company's tray job is not found, and its tray is not listed", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const foreign = await buildUnscheduledJob(other.company.id);
    const mine = await buildUnscheduledJob(company.id);
    const agent = await agentFor(owner);

    const put = await agent
      .put(`/api/jobs/${foreign.id}`)
      .send({ employeeId: other.employee.id, date: "2026-11-25", time: "09:00" });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe("Job not found");
    expect((await agent.delete(`/api/jobs/${foreign.id}`)).status).toBe(404);
    expect((await agent.get(tray(other.company.id))).status).toBe(403);
    expect(ids((await agent.get(tray(company.id))).body)).toEqual([mine.id]);
    // My own tray job cannot go to another company's employee either.
    const cross = await agent
      .put(`/api/jobs/${mine.id}`)
      .send({ employeeId: other.employee.id, date: "2026-11-25", time: "09:00" });
    expect(cross.status).toBe(400);
    expect(cross.body.message).toBe("Employee is not part of this company");
  });

  it("is the office's: the employee role can neither make, schedule nor unschedule one", async () => {
    const { company, admin, employeeUser, employee } = await buildTenant();
    const asEmployee = await agentFor(employeeUser);
    expect((await asEmployee.post("/api/jobs").send(trayJob(company.id))).status).toBe(403);
    const parked = await buildUnscheduledJob(company.id);
    const schedule = await asEmployee
      .put(`/api/jobs/${parked.id}`)
      .send({ employeeId: employee.id, date: "2026-11-25", time: "09:00" });
    expect(schedule.status).toBe(403);
    expect(schedule.body.message).toBe(PROGRESS_ONLY);
    const scheduled = await buildJob(company.id, employee.id);
    const unschedule = await asEmployee
      .put(`/api/jobs/${scheduled.id}`)
      .send({ employeeId: null, date: null, time: null });
    expect(unschedule.status).toBe(403);
    // An admin may.
    const asAdmin = await agentFor(admin);
    const done = await asAdmin
      .put(`/api/jobs/${scheduled.id}`)
      .send({ employeeId: null, date: null, time: null });
    expect(done.status).toBe(200);
  });

  it("checks the tray query: unscheduled is true or false and takes no dates or employee", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const bad = await agent.get(`/api/jobs?companyId=${company.id}&unscheduled=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("unscheduled must be true or false");
    const mixed = await agent.get(`${tray(company.id)}&startDate=2026-11-23`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(
      "Unscheduled jobs have no date or employee: leave out startDate, endDate and employeeId",
    );
    const withEmployee = await agent.get(`${tray(company.id)}&employeeId=${employee.id}`);
    expect(withEmployee.status).toBe(400);
    const off = await agent.get(`/api/jobs?companyId=${company.id}&unscheduled=false`);
    expect(off.status).toBe(200);
  });

  it("counts in no week: a template captured from the week leaves tray jobs out", async () => {
    const { company, owner, employee } = await buildTenant();
    await buildUnscheduledJob(company.id, { location: "Nowhere yet" });
    await buildJob(company.id, employee.id, { date: "2026-11-24", location: "1 Main St" });
    const res = await (await agentFor(owner))
      .post("/api/templates")
      .send({ companyId: company.id, name: "Usual week", weekStart: "2026-11-23" });
    expect(res.status).toBe(201);
    const [template] = await db.select().from(scheduleTemplates).where(eq(scheduleTemplates.id, res.body.id));
    expect(template.templateData.map((entry) => entry.location)).toEqual(["1 Main St"]);
  });

  it("is deleted from the tray like any job", async () => {
    const { company, owner } = await buildTenant();
    const watcher = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const parked = await buildUnscheduledJob(company.id);
    const deleted = nextEvent<Deleted>(watcher, "job.deleted");
    const res = await (await agentFor(owner)).delete(`/api/jobs/${parked.id}`);
    expect(res.status).toBe(204);
    expect(await deleted).toEqual({ id: parked.id, companyId: company.id });
    watcher.close();
  });
});
