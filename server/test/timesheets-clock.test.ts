/**
 * The day clock (docs/timesheets.md): POST /api/time-clock's states and refusals, a tap
 * replayed from the offline outbox recorded once, the clock after a trial ends, and job taps
 * kept as facts whatever happens to the job.
 */
import { db } from "@sched/core/db/client";
import { jobs, jobTaps, timeEntries, timeEntryChanges } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import {
  ALREADY_CLOCKED_IN,
  CLOCK_ACTION_INVALID,
  CLOCK_AT_INVALID,
  CLOCK_NOT_LINKED,
  CLOCK_OUT_BEFORE_IN,
  CLOCK_TAP_TOO_OLD,
  NOT_CLOCKED_IN,
  STARTED_AT_ALONE,
  toDateString,
  weekStartOf,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";
import { buildLinkedTenant, hoursAgo } from "./timesheets-support";

/** The (UTC) week an instant falls in: run just after midnight on a Monday, "3 hours ago" is last week. */
const weekOf = (at: string) => weekStartOf(toDateString(new Date(at)));

async function entriesOf(employeeId: string) {
  return db.select().from(timeEntries).where(eq(timeEntries.employeeId, employeeId));
}

describe("POST /api/time-clock", () => {
  it("answers 401 signed out and 403 to a stranger", async () => {
    const { company } = await buildLinkedTenant();
    const stranger = (await buildTenant()).owner;
    const body = { companyId: company.id, action: "in" };
    expect((await anonymous().post("/api/time-clock").send(body)).status).toBe(401);
    expect((await (await agentFor(stranger)).post("/api/time-clock").send(body)).status).toBe(403);
  });

  it("refuses a member linked to no roster employee with 403 saying so", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    for (const user of [owner, admin, employeeUser]) {
      const res = await (await agentFor(user))
        .post("/api/time-clock")
        .send({ companyId: company.id, action: "in" });
      expect([res.status, res.body.message]).toEqual([403, CLOCK_NOT_LINKED]);
    }
  });

  it("clocks in, refuses a second in (409), clocks out, refuses a second out (409)", async () => {
    const { company, employeeUser, employee } = await buildLinkedTenant();
    const agent = await agentFor(employeeUser);
    const clock = (action: string, at?: string) =>
      agent.post("/api/time-clock").send({ companyId: company.id, action, at });

    const notIn = await clock("out");
    expect([notIn.status, notIn.body.message, notIn.body.code]).toEqual([409, NOT_CLOCKED_IN, "conflict"]);

    const startAt = hoursAgo(3);
    const started = await clock("in", startAt);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ employeeId: employee.id, clockOut: null, version: 1 });
    const twice = await clock("in");
    expect([twice.status, twice.body.message]).toEqual([409, ALREADY_CLOCKED_IN]);

    const ended = await clock("out", new Date(Date.parse(startAt) + 2 * 60 * 60 * 1000).toISOString());
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: started.body.id, version: 2 });
    expect(Date.parse(ended.body.clockOut) - Date.parse(ended.body.clockIn)).toBe(2 * 60 * 60 * 1000);
    const again = await clock("out");
    expect([again.status, again.body.message]).toEqual([409, NOT_CLOCKED_IN]);

    const sheet = await agent.get(`/api/timesheets?companyId=${company.id}&weekStart=${weekOf(startAt)}`);
    expect(sheet.body[0].totalMinutes).toBe(120);
    const history = await db
      .select()
      .from(timeEntryChanges)
      .where(eq(timeEntryChanges.entryId, started.body.id));
    expect(history.map((change) => change.kind).sort()).toEqual(["clock_in", "clock_out"]);
  });

  it("records a tap from the future as now and refuses one older than 24 hours, writing nothing", async () => {
    const { company, employeeUser, employee } = await buildLinkedTenant();
    const agent = await agentFor(employeeUser);
    const old = await agent
      .post("/api/time-clock")
      .send({ companyId: company.id, action: "in", at: hoursAgo(25) });
    expect([old.status, old.body.message, old.body.errors]).toEqual([
      400,
      CLOCK_TAP_TOO_OLD,
      [{ path: "at", message: CLOCK_TAP_TOO_OLD }],
    ]);
    expect(await entriesOf(employee.id)).toEqual([]);

    const before = Date.now();
    const ahead = await agent.post("/api/time-clock").send({
      companyId: company.id,
      action: "in",
      at: new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString(),
    });
    expect(ahead.status).toBe(200);
    expect(Date.parse(ahead.body.clockIn)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(ahead.body.clockIn)).toBeLessThanOrEqual(Date.now() + 1000);

    const backwards = await agent
      .post("/api/time-clock")
      .send({ companyId: company.id, action: "out", at: hoursAgo(2) });
    expect([backwards.status, backwards.body.message]).toEqual([400, CLOCK_OUT_BEFORE_IN]);
  });

  it("answers bad input with the field's exact message", async () => {
    const { company, employeeUser } = await buildLinkedTenant();
    const agent = await agentFor(employeeUser);
    const cases: [object, string][] = [
      [{ action: "lunch" }, CLOCK_ACTION_INVALID],
      [{ action: "in", at: "yesterday" }, CLOCK_AT_INVALID],
    ];
    for (const [body, message] of cases) {
      const res = await agent.post("/api/time-clock").send({ companyId: company.id, ...body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it("records a tap replayed from the offline outbox once", async () => {
    const { company, employeeUser, employee } = await buildLinkedTenant();
    const agent = await agentFor(employeeUser);
    const tap = { companyId: company.id, action: "in", at: hoursAgo(2) };
    const first = await agent.post("/api/time-clock").set("Idempotency-Key", "clock-in-1").send(tap);
    const replay = await agent.post("/api/time-clock").set("Idempotency-Key", "clock-in-1").send(tap);
    expect(first.status).toBe(200);
    expect([replay.status, replay.body]).toEqual([200, first.body]);
    expect(await entriesOf(employee.id)).toHaveLength(1);
  });

  it("stays open to a linked technician after the trial ends", async () => {
    const { company, employeeUser } = await buildLinkedTenant({ trialEndsAt: new Date(Date.now() - 1000) });
    const res = await (await agentFor(employeeUser))
      .post("/api/time-clock")
      .send({ companyId: company.id, action: "in" });
    expect(res.status).toBe(200);
  });
});

describe("job taps as timesheet facts", () => {
  it("counts Start to Complete as job time, kept when the job is moved or deleted", async () => {
    const { company, owner, employeeUser, employee } = await buildLinkedTenant();
    const agent = await agentFor(employeeUser);
    const dayStart = hoursAgo(5);
    await agent.post("/api/time-clock").send({ companyId: company.id, action: "in", at: dayStart });
    const job = await buildJob(company.id, employee.id, { date: toDateString(new Date()) });
    const started = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ status: "in_progress", startedAt: hoursAgo(4), version: job.version });
    expect(started.status).toBe(200);
    const done = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ status: "completed", completedAt: hoursAgo(2.5), version: started.body.version });
    expect(done.status).toBe(200);
    await agent.post("/api/time-clock").send({ companyId: company.id, action: "out", at: hoursAgo(1) });

    // Every day from the clock-in to now, even when a week starts in between.
    const read = async () => {
      const weeks = [...new Set([weekOf(dayStart), weekOf(new Date().toISOString())])];
      const sheets = await Promise.all(
        weeks.map(
          async (week) =>
            (await agent.get(`/api/timesheets?companyId=${company.id}&weekStart=${week}`)).body[0],
        ),
      );
      return { days: sheets.flatMap((sheet) => sheet.days) };
    };
    const totals = (sheet: {
      days: { workedMinutes: number; jobMinutes: number; betweenMinutes: number }[];
    }) =>
      sheet.days.reduce(
        (sum, day) => ({
          worked: sum.worked + day.workedMinutes,
          job: sum.job + day.jobMinutes,
          between: sum.between + day.betweenMinutes,
        }),
        { worked: 0, job: 0, between: 0 },
      );
    expect(totals(await read())).toEqual({ worked: 240, job: 90, between: 150 });

    const office = await agentFor(owner);
    const moved = await office
      .put(`/api/jobs/${job.id}`)
      .send({ date: "2026-01-05", version: done.body.version });
    expect(moved.status).toBe(200);
    expect(totals(await read())).toEqual({ worked: 240, job: 90, between: 150 });
    expect((await office.delete(`/api/jobs/${job.id}`)).status).toBeLessThan(300);
    expect(totals(await read())).toEqual({ worked: 240, job: 90, between: 150 });
    expect(await db.select().from(jobTaps).where(eq(jobTaps.jobId, job.id))).toHaveLength(2);
  });

  it("keeps the job's first Start on the job, also when a start kept offline comes after a later one", async () => {
    const { employeeUser, employee, company } = await buildLinkedTenant();
    const job = await buildJob(company.id, employee.id, { date: toDateString(new Date()) });
    const agent = await agentFor(employeeUser);
    const now = Date.now();
    const at = (hours: number) => new Date(now - hours * 60 * 60_000).toISOString();
    const firstStart = async () =>
      (
        await db.select({ at: jobs.tappedStartAt }).from(jobs).where(eq(jobs.id, job.id))
      )[0].at?.toISOString();
    const put = async (body: object) => {
      const [row] = await db.select({ version: jobs.version }).from(jobs).where(eq(jobs.id, job.id));
      const answer = await agent.put(`/api/jobs/${job.id}`).send({ ...body, version: row.version });
      expect(answer.status).toBe(200);
    };
    expect(await firstStart()).toBeUndefined();
    await put({ status: "in_progress", startedAt: at(2) });
    expect(await firstStart()).toBe(at(2));
    await put({ status: "scheduled" });
    await put({ status: "in_progress", startedAt: at(1) });
    expect(await firstStart()).toBe(at(2));
    await put({ status: "scheduled" });
    await put({ status: "in_progress", startedAt: at(3) });
    expect(await firstStart()).toBe(at(3));
    expect(await db.select().from(jobTaps).where(eq(jobTaps.jobId, job.id))).toHaveLength(3);
  });

  it("records no tap for the office marking a job done, and refuses startedAt without a start", async () => {
    const { owner, employee, company } = await buildLinkedTenant();
    const job = await buildJob(company.id, employee.id);
    const agent = await agentFor(owner);
    const lone = await agent.put(`/api/jobs/${job.id}`).send({ startedAt: hoursAgo(1) });
    expect([lone.status, lone.body.message]).toEqual([400, STARTED_AT_ALONE]);
    expect((await agent.put(`/api/jobs/${job.id}`).send({ status: "completed" })).status).toBe(200);
    expect(await db.select().from(jobTaps).where(eq(jobTaps.jobId, job.id))).toEqual([]);
  });
});
