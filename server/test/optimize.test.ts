/**
 * Optimize a day (docs/schedule.md): POST /api/days/:date/optimize previews the order and
 * times with the least drive time (nothing changes); /optimize/apply moves every job in one
 * transaction at the versions the preview showed (one stale: 409, nothing applied) and
 * announces after commit; POST /api/route-plans/:id/undo puts the day back. Office only;
 * another company's employees, jobs and plans are 404. The job fields it reads,
 * `arrivalWindow` and `flexible`, are the office's.
 */
import { db } from "@sched/core/db/client";
import { employees, jobs, routePlans } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import {
  ARRIVAL_WINDOW_MESSAGES,
  type JobDTO,
  OPTIMIZE_MESSAGES,
  type OptimizeAppliedDTO,
  type OptimizePreviewDTO,
} from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCrew, flush } from "./notification-support";
import { connectSocket, sessionCookieFor, startGateway } from "./realtime-support";
import { type Agent, agentFor, anonymous } from "./support";

/** A Monday: a working day by the company's default settings. */
const DAY = "2026-11-30";
const NEAR = { placeLat: 40.0, placeLng: -74.0, placePrecision: "manual" as const };
const NEAR_TOO = { placeLat: 40.002, placeLng: -74.001, placePrecision: "manual" as const };
const FAR = { placeLat: 40.12, placeLng: -74.0, placePrecision: "manual" as const };

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
  await closeQueues();
});

/**
 * Pat's Monday: a fixed 08:00 near home, two "any time" jobs across town at 10:00 and 11:00,
 * an "any time" 12:00 next door to the first, and a windowed job without a place. Driving
 * there and back costs: the job next door comes first (and keeps its 12:00, which still
 * fits), the two across town after it.
 */
async function patsDay() {
  const crew = await buildCrew();
  const pat = crew.employee;
  const base = { date: DAY, durationMinutes: 60 };
  const fixed = await buildJob(crew.company.id, pat.id, { ...base, time: "08:00", ...NEAR });
  const far = await buildJob(crew.company.id, pat.id, { ...base, time: "10:00", flexible: true, ...FAR });
  const farToo = await buildJob(crew.company.id, pat.id, { ...base, time: "11:00", flexible: true, ...FAR });
  const next = await buildJob(crew.company.id, pat.id, {
    ...base,
    time: "12:00",
    flexible: true,
    ...NEAR_TOO,
  });
  const nowhere = await buildJob(crew.company.id, pat.id, {
    ...base,
    time: "16:00",
    arrivalWindow: { start: "15:00", end: "17:00" },
  });
  return { ...crew, pat, fixed, far, farToo, next, nowhere };
}

const previewPath = `/api/days/${DAY}/optimize`;
const applyPath = `/api/days/${DAY}/optimize/apply`;
const jobRow = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const slots = async (companyId: string) =>
  (await db.select().from(jobs).where(eq(jobs.companyId, companyId)).orderBy(asc(jobs.id))).map((job) => ({
    id: job.id,
    employeeId: job.employeeId,
    time: job.time,
    version: job.version,
  }));

async function previewOf(agent: Agent, body: object): Promise<OptimizePreviewDTO> {
  const res = await agent.post(previewPath).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("optimizing a technician's day", () => {
  it("previews the moves and the minutes saved, keeps the fixed job, says why a job stays, and changes nothing", async () => {
    const day = await patsDay();
    const before = await slots(day.company.id);
    const owner = await agentFor(day.owner);
    const plan = await previewOf(owner, { companyId: day.company.id, employeeIds: [day.pat.id] });
    expect(plan.date).toBe(DAY);
    expect(plan.savedMinutes).toBeGreaterThan(0);
    expect(plan.driveMinutesAfter).toBe(plan.driveMinutesBefore - plan.savedMinutes);
    const moved = Object.fromEntries(plan.moves.map((move) => [move.jobId, move]));
    expect(moved[day.fixed.id]).toBeUndefined();
    // The job next door keeps its time; both across town go after it, one after the other.
    expect(moved[day.next.id]).toBeUndefined();
    expect(moved[day.far.id]).toMatchObject({ employeeId: day.pat.id, version: 1 });
    expect(moved[day.farToo.id]).toMatchObject({ employeeId: day.pat.id, version: 1 });
    expect(moved[day.far.id]!.time >= "13:00").toBe(true);
    expect(moved[day.farToo.id]!.time >= "13:00").toBe(true);
    expect(plan.unplaced).toEqual([{ jobId: day.nowhere.id, reason: "No place" }]);
    expect(await slots(day.company.id)).toEqual(before);
  });

  it("applies the preview in one step, announces it, and its Undo puts the day back", async () => {
    const day = await patsDay();
    const before = await slots(day.company.id);
    const admin = await agentFor(day.admin);
    const plan = await previewOf(admin, { companyId: day.company.id, employeeIds: [day.pat.id] });
    const socket = await connectSocket(gateway.url, { cookie: await sessionCookieFor(day.owner) });
    const seen: JobDTO[] = [];
    socket.on("job.updated", (job: JobDTO) => seen.push(job));
    try {
      const res = await admin.post(applyPath).send({ companyId: day.company.id, moves: plan.moves });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const applied = res.body as OptimizeAppliedDTO;
      expect(applied.moved.map((job) => job.id).sort()).toEqual(plan.moves.map((move) => move.jobId).sort());
      for (const move of plan.moves) {
        expect(await jobRow(move.jobId)).toMatchObject({
          employeeId: move.employeeId,
          time: move.time,
          version: 2,
        });
      }
      await flush([socket], day.company.id);
      expect(seen.map((job) => job.id).sort()).toEqual(plan.moves.map((move) => move.jobId).sort());

      seen.length = 0;
      const undo = await admin.post(`/api/route-plans/${applied.planId}/undo`).send({});
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      expect(undo.body.restored).toHaveLength(plan.moves.length);
      const after = await slots(day.company.id);
      expect(after.map(({ version: _v, ...slot }) => slot)).toEqual(
        before.map(({ version: _v, ...slot }) => slot),
      );
      await flush([socket], day.company.id);
      expect(seen).toHaveLength(plan.moves.length);
      // Undone once: the plan is gone.
      const again = await admin.post(`/api/route-plans/${applied.planId}/undo`).send({});
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(OPTIMIZE_MESSAGES.notFound);
    } finally {
      socket.close();
    }
  });

  it("applies nothing when one job changed since the preview (409 stale), and an Undo after a change is stale too", async () => {
    const day = await patsDay();
    const owner = await agentFor(day.owner);
    const plan = await previewOf(owner, { companyId: day.company.id, employeeIds: [day.pat.id] });
    expect(plan.moves.length).toBeGreaterThanOrEqual(2);
    const changed = plan.moves[1]!.jobId;
    await owner
      .put(`/api/jobs/${changed}`)
      .send({ companyId: day.company.id, description: "Gate code 1234" });
    const before = await slots(day.company.id);
    const res = await owner.post(applyPath).send({ companyId: day.company.id, moves: plan.moves });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "stale", current: { id: changed, version: 2 } });
    expect(await slots(day.company.id)).toEqual(before);
    expect(await db.select().from(routePlans).where(eq(routePlans.companyId, day.company.id))).toEqual([]);

    // Fresh preview, applied; then a job changes: the Undo is stale and undoes nothing.
    const fresh = await previewOf(owner, { companyId: day.company.id, employeeIds: [day.pat.id] });
    const applied = (await owner.post(applyPath).send({ companyId: day.company.id, moves: fresh.moves }))
      .body as OptimizeAppliedDTO;
    await owner
      .put(`/api/jobs/${fresh.moves[0]!.jobId}`)
      .send({ companyId: day.company.id, description: "Changed" });
    const middle = await slots(day.company.id);
    const undo = await owner.post(`/api/route-plans/${applied.planId}/undo`).send({});
    expect(undo.status).toBe(409);
    expect(undo.body.code).toBe("stale");
    expect(await slots(day.company.id)).toEqual(middle);
  });

  it('in team mode gives an "any time" job only to someone with its skills', async () => {
    const tenant = await buildTenant();
    const companyId = tenant.company.id;
    const pat = tenant.employee;
    const sam = await buildEmployee(companyId, { name: "Sam Sparks", initials: "SS", skills: [] });
    const gus = await buildEmployee(companyId, { name: "Gus Gasman", initials: "GG", skills: ["gas"] });
    const base = { date: DAY, durationMinutes: 60 };
    // Pat is far away; Sam and Gus work next to the job that needs gas.
    await buildJob(companyId, pat.id, { ...base, time: "08:00", ...FAR });
    const gasJob = await buildJob(companyId, pat.id, {
      ...base,
      time: "10:00",
      flexible: true,
      requiredSkills: ["gas"],
      ...NEAR_TOO,
    });
    await buildJob(companyId, pat.id, { ...base, time: "13:00", ...FAR });
    await buildJob(companyId, sam.id, { ...base, time: "09:00", ...NEAR });
    await buildJob(companyId, sam.id, { ...base, time: "11:00", ...NEAR });
    await buildJob(companyId, gus.id, { ...base, time: "12:00", ...NEAR });
    const owner = await agentFor(tenant.owner);

    const alone = await previewOf(owner, { companyId });
    expect(alone.moves.find((move) => move.jobId === gasJob.id)?.employeeId ?? pat.id).toBe(pat.id);
    const team = await previewOf(owner, { companyId, reassign: true });
    expect(team.moves.find((move) => move.jobId === gasJob.id)).toMatchObject({ employeeId: gus.id });
    expect(team.savedMinutes).toBeGreaterThan(0);
  });

  it("answers 401 signed out, 403 to the employee role, 404 across companies", async () => {
    const day = await patsDay();
    const other = await buildTenant();
    const otherJob = await buildJob(other.company.id, other.employee.id, { date: DAY, flexible: true });
    expect((await anonymous().post(previewPath).send({ companyId: day.company.id })).status).toBe(401);
    expect((await anonymous().post(applyPath).send({ companyId: day.company.id, moves: [] })).status).toBe(
      401,
    );

    const employee = await agentFor(day.employeeUser);
    expect((await employee.post(previewPath).send({ companyId: day.company.id })).status).toBe(403);
    const move = { jobId: day.far.id, employeeId: day.pat.id, time: "09:00", version: 1 };
    expect((await employee.post(applyPath).send({ companyId: day.company.id, moves: [move] })).status).toBe(
      403,
    );

    const owner = await agentFor(day.owner);
    const foreignEmployee = await owner
      .post(previewPath)
      .send({ companyId: day.company.id, employeeIds: [other.employee.id] });
    expect(foreignEmployee.status).toBe(404);
    expect(foreignEmployee.body.message).toBe("Employee not found");
    const foreignJob = await owner.post(applyPath).send({
      companyId: day.company.id,
      moves: [{ jobId: otherJob.id, employeeId: day.pat.id, time: "09:00", version: 1 }],
    });
    expect(foreignJob.status).toBe(404);
    const foreignTech = await owner.post(applyPath).send({
      companyId: day.company.id,
      moves: [{ ...move, employeeId: other.employee.id }],
    });
    expect(foreignTech.status).toBe(404);
    expect(await jobRow(day.far.id)).toMatchObject({ time: "10:00", version: 1 });

    // Another company's kept plan: 404 as an unknown one.
    const [plan] = await db
      .insert(routePlans)
      .values({ companyId: other.company.id, date: DAY, jobs: [] })
      .returning();
    expect((await owner.post(`/api/route-plans/${plan!.id}/undo`).send({})).status).toBe(404);
  });

  it("answers 400 with the field's message", async () => {
    const day = await patsDay();
    const owner = await agentFor(day.owner);
    const badDate = await owner.post("/api/days/2026-02-30/optimize").send({ companyId: day.company.id });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe("Date must be a real calendar date between 1900 and 2999");
    const reassign = await owner.post(previewPath).send({ companyId: day.company.id, reassign: "yes" });
    expect(reassign.status).toBe(400);
    expect(reassign.body.message).toBe(OPTIMIZE_MESSAGES.reassign);
    const none = await owner.post(applyPath).send({ companyId: day.company.id, moves: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(OPTIMIZE_MESSAGES.noMoves);
    const move = { jobId: day.far.id, employeeId: day.pat.id, time: "09:00", version: 1 };
    const twice = await owner.post(applyPath).send({ companyId: day.company.id, moves: [move, move] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(OPTIMIZE_MESSAGES.movedTwice);
    const badTime = await owner
      .post(applyPath)
      .send({ companyId: day.company.id, moves: [{ ...move, time: "9" }] });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toBe("Time must be HH:mm");
    const otherDay = await owner
      .post("/api/days/2026-12-01/optimize/apply")
      .send({ companyId: day.company.id, moves: [move] });
    expect(otherDay.status).toBe(400);
    expect(otherDay.body.message).toBe(OPTIMIZE_MESSAGES.notThatDay);
    await db.update(employees).set({ isActive: false }).where(eq(employees.id, day.unlinked.id));
    const inactive = await owner
      .post(applyPath)
      .send({ companyId: day.company.id, moves: [{ ...move, employeeId: day.unlinked.id }] });
    expect(inactive.status).toBe(400);
    expect(await jobRow(day.far.id)).toMatchObject({ time: "10:00", version: 1 });
  });
});

describe('the arrival window and "any time" on a job', () => {
  it("are the office's to set, with their messages; a technician cannot change them", async () => {
    const day = await patsDay();
    const owner = await agentFor(day.owner);
    const set = await owner
      .put(`/api/jobs/${day.fixed.id}`)
      .send({ companyId: day.company.id, arrivalWindow: { start: "09:00", end: "11:00" }, flexible: true });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ arrivalWindow: { start: "09:00", end: "11:00" }, flexible: true });

    const backwards = await owner
      .put(`/api/jobs/${day.fixed.id}`)
      .send({ companyId: day.company.id, arrivalWindow: { start: "11:00", end: "09:00" } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe(ARRIVAL_WINDOW_MESSAGES.order);
    const badStart = await owner
      .put(`/api/jobs/${day.fixed.id}`)
      .send({ companyId: day.company.id, arrivalWindow: { start: "9am", end: "11:00" } });
    expect(badStart.status).toBe(400);
    expect(badStart.body.message).toBe(ARRIVAL_WINDOW_MESSAGES.start);
    const badFlexible = await owner
      .put(`/api/jobs/${day.fixed.id}`)
      .send({ companyId: day.company.id, flexible: "yes" });
    expect(badFlexible.status).toBe(400);
    expect(badFlexible.body.message).toBe("Any time must be true or false");

    const pat = await agentFor(day.employeeUser);
    const refused = await pat
      .put(`/api/jobs/${day.fixed.id}`)
      .send({ companyId: day.company.id, arrivalWindow: null, version: 2 });
    expect(refused.status).toBe(403);
    // Resending the values unchanged (an offline replay of a whole job) is no change.
    const same = await pat.put(`/api/jobs/${day.fixed.id}`).send({
      companyId: day.company.id,
      status: "scheduled",
      arrivalWindow: { end: "11:00", start: "09:00" },
      flexible: true,
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ arrivalWindow: { start: "09:00", end: "11:00" }, flexible: true });
  });

  it('a new job has none and is not "any time"', async () => {
    const tenant = await buildTenant();
    const owner = await agentFor(tenant.owner);
    const res = await owner.post("/api/jobs").send({
      companyId: tenant.company.id,
      employeeId: tenant.employee.id,
      type: "Repair",
      location: "1 Main St",
      date: DAY,
      time: "09:00",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ arrivalWindow: null, flexible: false });
  });
});
