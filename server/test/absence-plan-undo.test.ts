/**
 * The sick day's Undo kept on the server (docs/time-off.md): applying a
 * re-plan keeps it; GET /api/absence-plans finds the days' undoable plans after a reload;
 * POST /api/absence-plans/:id/undo puts the jobs back at the versions the apply left (409
 * stale and nothing undone if one changed) and the time off as it was before, vacation
 * approved beforehand included. Office only; another company's plan is 404.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { absencePlans, jobs, timeOff } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import type { AbsencePlanAppliedDTO, AbsencePlanUndoableDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous } from "./support";

const DAY = "2026-11-30";
const NEXT = "2026-12-01";

afterAll(async () => {
  await closeQueues();
});

async function sickDay() {
  const tenant = await buildTenant();
  const { company, employee: pat } = tenant;
  const sam = await buildEmployee(company.id, { name: "Sam Sparks", initials: "SS" });
  const morning = await buildJob(company.id, pat.id, { date: DAY, time: "09:00" });
  const afternoon = await buildJob(company.id, pat.id, { date: DAY, time: "14:00" });
  const owner = await agentFor(tenant.owner);
  return { ...tenant, pat, sam, morning, afternoon, owner };
}
type Day = Awaited<ReturnType<typeof sickDay>>;

async function applyDay(day: Day): Promise<AbsencePlanAppliedDTO> {
  const res = await day.owner.post(`/api/employees/${day.pat.id}/absence-plan/apply`).send({
    companyId: day.company.id,
    date: DAY,
    moves: [
      { jobId: day.morning.id, employeeId: day.sam.id, time: "10:00", version: 1 },
      { jobId: day.afternoon.id, employeeId: null, version: 1 },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const undoable = (agent: Agent, companyId: string, from = DAY, to = DAY) =>
  agent.get(`/api/absence-plans?companyId=${companyId}&from=${from}&to=${to}`);
const undo = (agent: Agent, planId: string) => agent.post(`/api/absence-plans/${planId}/undo`).send({});
const jobRow = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];
const timeOffOf = (employeeId: string) => db.select().from(timeOff).where(eq(timeOff.employeeId, employeeId));

describe("the Undo kept on the server", () => {
  it("is found after the apply, undoes from the server's own record, and is gone after", async () => {
    const day = await sickDay();
    const result = await applyDay(day);

    const found = await undoable(day.owner, day.company.id, DAY, NEXT);
    expect(found.status).toBe(200);
    expect(found.body as AbsencePlanUndoableDTO[]).toEqual([
      {
        id: result.planId,
        employeeId: day.pat.id,
        date: DAY,
        timeOffId: result.timeOffId,
        timeOffAction: "added",
        jobs: [
          { jobId: day.morning.id, time: "09:00", version: 2 },
          { jobId: day.afternoon.id, time: "14:00", version: 2 },
        ],
        createdAt: expect.any(String),
      },
    ]);
    expect((await undoable(day.owner, day.company.id, NEXT, NEXT)).body).toEqual([]);

    const res = await undo(day.owner, result.planId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.restored).toHaveLength(2);
    expect(await jobRow(day.morning.id)).toMatchObject({ employeeId: day.pat.id, date: DAY, time: "09:00" });
    expect(await jobRow(day.afternoon.id)).toMatchObject({
      employeeId: day.pat.id,
      date: DAY,
      time: "14:00",
    });
    expect(await timeOffOf(day.pat.id)).toEqual([]);
    expect((await undoable(day.owner, day.company.id)).body).toEqual([]);
    // Undone once: a second try finds nothing.
    expect((await undo(day.owner, result.planId)).status).toBe(404);
  });

  it("undoes nothing when a job changed since (409 stale), and stays offered", async () => {
    const day = await sickDay();
    const result = await applyDay(day);
    const moved = await day.owner.put(`/api/jobs/${day.morning.id}`).send({ time: "11:00", version: 2 });
    expect(moved.status).toBe(200);

    const res = await undo(day.owner, result.planId);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("stale");
    expect(await jobRow(day.morning.id)).toMatchObject({ employeeId: day.sam.id, time: "11:00" });
    expect(await jobRow(day.afternoon.id)).toMatchObject({ employeeId: null });
    expect(await timeOffOf(day.pat.id)).toHaveLength(1);
    expect((await undoable(day.owner, day.company.id)).body).toHaveLength(1);
  });

  it("keeps time off approved before the re-plan (a vacation), and the Undo leaves it", async () => {
    const day = await sickDay();
    const [vacation] = await db
      .insert(timeOff)
      .values({
        companyId: day.company.id,
        employeeId: day.pat.id,
        startDate: DAY,
        endDate: NEXT,
        kind: "vacation",
        status: "approved",
      })
      .returning();
    const result = await applyDay(day);
    expect(result.timeOffId).toBe(vacation.id);
    expect((await timeOffOf(day.pat.id)).map((off) => [off.kind, off.status])).toEqual([
      ["vacation", "approved"],
    ]);

    expect((await undo(day.owner, result.planId)).status).toBe(200);
    expect(await jobRow(day.morning.id)).toMatchObject({ employeeId: day.pat.id, date: DAY, time: "09:00" });
    expect((await timeOffOf(day.pat.id)).map((off) => [off.id, off.status])).toEqual([
      [vacation.id, "approved"],
    ]);
  });

  it("goes with the time off when the office removes it", async () => {
    const day = await sickDay();
    const result = await applyDay(day);
    const removed = await day.owner.delete(`/api/time-off/${result.timeOffId}`);
    expect(removed.status).toBe(204);
    expect(await db.select().from(absencePlans).where(eq(absencePlans.id, result.planId))).toEqual([]);
  });

  it("answers 401 signed out, 400 for bad dates, 403 to an employee, 404 for another company's plan", async () => {
    const day = await sickDay();
    const result = await applyDay(day);
    expect(
      (await anonymous().get(`/api/absence-plans?companyId=${day.company.id}&from=${DAY}&to=${DAY}`)).status,
    ).toBe(401);
    expect((await anonymous().post(`/api/absence-plans/${result.planId}/undo`).send({})).status).toBe(401);

    const backwards = await undoable(day.owner, day.company.id, NEXT, DAY);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ path: "to", message: "To must not be before from" }]);
    const missing = await day.owner.get(`/api/absence-plans?companyId=${day.company.id}&from=${DAY}`);
    expect(missing.status).toBe(400);

    const technician = await agentFor(day.employeeUser);
    expect((await undoable(technician, day.company.id)).status).toBe(403);
    expect((await undo(technician, result.planId)).status).toBe(403);

    const stranger = await buildTenant();
    const strangerAgent = await agentFor(stranger.owner);
    const foreign = await undo(strangerAgent, result.planId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Re-plan not found");
    expect((await undo(day.owner, randomUUID())).status).toBe(404);
    expect((await undoable(strangerAgent, day.company.id)).status).toBe(403);
    // Nothing was undone by any of them.
    expect(await jobRow(day.morning.id)).toMatchObject({ employeeId: day.sam.id });
  });
});
