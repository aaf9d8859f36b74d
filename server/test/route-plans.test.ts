/**
 * An optimized day's Undo kept on the server (docs/schedule.md, "Optimize a day"): GET
 * /api/route-plans?date= lists the day's applied optimizations not undone yet, newest first,
 * with who applied them, when, how many jobs moved and the drive minutes saved, so the board
 * offers their Undo after a reload; the Undo of a listed plan is 409 stale (nothing undone,
 * still listed) once one of its jobs changed. Office only; another company's plans are
 * neither listed nor undoable (404).
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { jobs, routePlans } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import type { OptimizeAppliedDTO, OptimizePreviewDTO, RoutePlanDTO } from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous } from "./support";

const DAY = "2026-11-30";
const NEXT = "2026-12-01";
const NEAR = { placeLat: 40.0, placeLng: -74.0, placePrecision: "manual" as const };
const FAR = { placeLat: 40.12, placeLng: -74.0, placePrecision: "manual" as const };

afterAll(async () => {
  await closeQueues();
});

/** Pat's day: fixed near home at 8:00, "any time" across town at 10:00, "any time" next door at 12:00. */
async function patsDay() {
  const tenant = await buildTenant();
  const pat = tenant.employee;
  const base = { date: DAY, durationMinutes: 60 };
  await buildJob(tenant.company.id, pat.id, { ...base, time: "08:00", ...NEAR });
  await buildJob(tenant.company.id, pat.id, { ...base, time: "10:00", flexible: true, ...FAR });
  await buildJob(tenant.company.id, pat.id, { ...base, time: "12:00", flexible: true, ...NEAR });
  return { ...tenant, pat, ownerUser: tenant.owner, owner: await agentFor(tenant.owner) };
}
type Day = Awaited<ReturnType<typeof patsDay>>;

async function optimize(day: Day, agent: Agent = day.owner) {
  const preview = await agent
    .post(`/api/days/${DAY}/optimize`)
    .send({ companyId: day.company.id, employeeIds: [day.pat.id] });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const plan = preview.body as OptimizePreviewDTO;
  expect(plan.moves.length).toBeGreaterThan(0);
  const applied = await agent
    .post(`/api/days/${DAY}/optimize/apply`)
    .send({ companyId: day.company.id, moves: plan.moves });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return { preview: plan, applied: applied.body as OptimizeAppliedDTO };
}

const listed = (agent: Agent, companyId: string, date = DAY) =>
  agent.get(`/api/route-plans?companyId=${companyId}&date=${date}`);
const undo = (agent: Agent, planId: string) => agent.post(`/api/route-plans/${planId}/undo`).send({});
const slots = async (companyId: string) =>
  (await db.select().from(jobs).where(eq(jobs.companyId, companyId)).orderBy(asc(jobs.id))).map((job) => ({
    id: job.id,
    employeeId: job.employeeId,
    time: job.time,
    version: job.version,
  }));

describe("GET /api/route-plans", () => {
  it("lists the day's applied optimizations newest first, with who, when, moves and minutes saved; an Undo takes one off", async () => {
    const day = await patsDay();
    const first = await optimize(day);
    const list = await listed(day.owner, day.company.id);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body as RoutePlanDTO[]).toEqual([
      {
        id: first.applied.planId,
        date: DAY,
        appliedAt: expect.any(String),
        appliedBy: { userId: day.ownerUser.id, name: "Olive Owner" },
        moves: first.preview.moves.length,
        // Counted by the apply itself: all the preview's moves applied save what it said.
        savedMinutes: first.preview.savedMinutes,
        jobs: expect.arrayContaining(
          first.preview.moves.map((move) => expect.objectContaining({ jobId: move.jobId, version: 2 })),
        ),
      },
    ]);
    expect(first.preview.savedMinutes).toBeGreaterThan(0);
    expect((await listed(day.owner, day.company.id, NEXT)).body).toEqual([]);

    // An admin's newer optimization (a job put back by hand first) comes first, in their name.
    const admin = await agentFor(day.admin);
    const far = first.preview.moves[0]!;
    await day.owner
      .put(`/api/jobs/${far.jobId}`)
      .send({ companyId: day.company.id, time: "10:00", version: 2 });
    const second = await optimize(day, admin);
    const both = (await listed(admin, day.company.id)).body as RoutePlanDTO[];
    expect(both.map((plan) => plan.id)).toEqual([second.applied.planId, first.applied.planId]);
    expect(both[0]!.appliedBy).toEqual({ userId: day.admin.id, name: "Adam admin" });
    expect(Date.parse(both[0]!.appliedAt)).toBeGreaterThanOrEqual(Date.parse(both[1]!.appliedAt));

    expect((await undo(admin, second.applied.planId)).status).toBe(200);
    expect(((await listed(day.owner, day.company.id)).body as RoutePlanDTO[]).map((plan) => plan.id)).toEqual(
      [first.applied.planId],
    );
  });

  it("keeps a plan listed when its Undo is stale: a job changed since, 409, nothing undone", async () => {
    const day = await patsDay();
    const { applied, preview } = await optimize(day);
    await day.owner
      .put(`/api/jobs/${preview.moves[0]!.jobId}`)
      .send({ companyId: day.company.id, description: "Gate code 1234" });
    const before = await slots(day.company.id);
    const stale = await undo(day.owner, applied.planId);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale", current: { id: preview.moves[0]!.jobId, version: 3 } });
    expect(await slots(day.company.id)).toEqual(before);
    expect(((await listed(day.owner, day.company.id)).body as RoutePlanDTO[]).map((plan) => plan.id)).toEqual(
      [applied.planId],
    );
  });

  it("answers 401 signed out, 403 to the employee role and another company's member, 400 without a real date; never lists or undoes another company's plan", async () => {
    const day = await patsDay();
    const { applied } = await optimize(day);
    expect((await listed(anonymous(), day.company.id)).status).toBe(401);
    expect((await undo(anonymous(), applied.planId)).status).toBe(401);

    const technician = await agentFor(day.employeeUser);
    expect((await listed(technician, day.company.id)).status).toBe(403);
    expect((await undo(technician, applied.planId)).status).toBe(403);

    const noDate = await day.owner.get(`/api/route-plans?companyId=${day.company.id}`);
    expect(noDate.status).toBe(400);
    const badDate = await listed(day.owner, day.company.id, "2026-02-30");
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe("Date must be a real calendar date between 1900 and 2999");

    const stranger = await buildTenant();
    const strangerAgent = await agentFor(stranger.owner);
    expect((await listed(strangerAgent, day.company.id)).status).toBe(403);
    expect((await listed(strangerAgent, stranger.company.id)).body).toEqual([]);
    const foreign = await undo(strangerAgent, applied.planId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Optimization not found");
    expect((await undo(day.owner, randomUUID())).status).toBe(404);
    // Nothing was undone by any of them: the plan is still there.
    expect(
      await db.select({ id: routePlans.id }).from(routePlans).where(eq(routePlans.id, applied.planId)),
    ).toEqual([{ id: applied.planId }]);
  });
});
