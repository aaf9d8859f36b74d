/**
 * Field work on jobs (docs/schedule.md): "On my way" as a timestamp the employee role may
 * record, and field work that stays open to the employee role after a trial ends while
 * every other change still answers 402.
 */
import { PROGRESS_ONLY } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { ON_MY_WAY_AT_ALONE, ON_MY_WAY_AT_MESSAGE } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const pngDataUrl = `data:image/png;base64,${PNG.toString("base64")}`;
const PAYMENT_REQUIRED =
  "Your free trial has ended. Choose a plan on the Subscription page to keep making changes.";

const expired = () => buildTenant({ trialEndsAt: new Date(Date.now() - 1000) });

describe("PUT /api/jobs/:id {onMyWay: true}", () => {
  it("records the time for the employee role without touching the status", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { status: "scheduled" });
    const agent = await agentFor(employeeUser);
    const before = Date.now();
    const res = await agent.put(`/api/jobs/${job.id}`).send({ onMyWay: true });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("scheduled");
    expect(res.body.version).toBe(job.version + 1);
    const at = Date.parse(res.body.onMyWayAt);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored.onMyWayAt?.toISOString()).toBe(res.body.onMyWayAt);

    // A second tap records the new time; the list carries it exactly as the single answer.
    const again = await agent.put(`/api/jobs/${job.id}`).send({ onMyWay: true, status: "in_progress" });
    expect(again.status).toBe(200);
    expect(Date.parse(again.body.onMyWayAt)).toBeGreaterThanOrEqual(at);
    const list = await agent.get(
      `/api/jobs?companyId=${company.id}&startDate=${job.date}&endDate=${job.date}`,
    );
    expect(list.body).toEqual([again.body]);
  });

  it("is null until then, refuses anything but true with its message, and is 404 across companies", async () => {
    const { company, owner, employee } = await buildTenant();
    const other = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const agent = await agentFor(owner);
    const untouched = await agent.put(`/api/jobs/${job.id}`).send({ status: "in_progress" });
    expect(untouched.body.onMyWayAt).toBeNull();
    for (const onMyWay of [false, "yes"]) {
      const res = await agent.put(`/api/jobs/${job.id}`).send({ onMyWay });
      expect([res.status, res.body.message]).toEqual([400, "onMyWay can only be true"]);
    }
    expect((await anonymous().put(`/api/jobs/${job.id}`).send({ onMyWay: true })).status).toBe(401);
    const foreign = await (await agentFor(other.employeeUser))
      .put(`/api/jobs/${job.id}`)
      .send({ onMyWay: true });
    expect([foreign.status, foreign.body.message]).toEqual([404, "Job not found"]);
  });
});

describe("PUT /api/jobs/:id {onMyWay: true, onMyWayAt}: a tap a phone kept offline", () => {
  it("records the time of the tap, never later than now", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { status: "scheduled" });
    const agent = await agentFor(employeeUser);
    const tapped = new Date(Date.now() - 10 * 60_000).toISOString();
    const res = await agent.put(`/api/jobs/${job.id}`).send({ onMyWay: true, onMyWayAt: tapped });
    expect([res.status, res.body.onMyWayAt, res.body.status]).toEqual([200, tapped, "scheduled"]);

    // A phone whose clock runs a little ahead cannot put it in the future (an hour ahead is refused).
    const before = Date.now();
    const ahead = new Date(Date.now() + 3 * 60_000).toISOString();
    const clamped = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ onMyWay: true, onMyWayAt: ahead, version: res.body.version });
    expect(clamped.status).toBe(200);
    expect(Date.parse(clamped.body.onMyWayAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(clamped.body.onMyWayAt)).toBeLessThanOrEqual(Date.now());
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored.onMyWayAt?.toISOString()).toBe(clamped.body.onMyWayAt);
  });

  it("refuses the time alone or malformed with its message, changing nothing", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const agent = await agentFor(employeeUser);
    const alone = await agent.put(`/api/jobs/${job.id}`).send({ onMyWayAt: new Date().toISOString() });
    expect([alone.status, alone.body.message]).toEqual([400, ON_MY_WAY_AT_ALONE]);
    for (const onMyWayAt of ["yesterday", "2026-11-25T08:00:00", "0999-01-01T08:00:00Z"]) {
      const res = await agent.put(`/api/jobs/${job.id}`).send({ onMyWay: true, onMyWayAt });
      expect([res.status, res.body.message]).toEqual([400, ON_MY_WAY_AT_MESSAGE]);
    }
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([stored.onMyWayAt, stored.version]).toEqual([null, job.version]);
  });
});

describe("after a trial ends", () => {
  it("lets the employee role record field work: status, completion, photos, On my way", async () => {
    const { company, employeeUser, employee } = await expired();
    const job = await buildJob(company.id, employee.id);
    const agent = await agentFor(employeeUser);
    for (const change of [
      { onMyWay: true },
      { status: "in_progress" },
      { beforePhoto: pngDataUrl },
      { status: "completed", completedAt: "2026-11-23T15:00:00.000Z", afterPhoto: pngDataUrl },
    ]) {
      const res = await agent.put(`/api/jobs/${job.id}`).send(change);
      expect([res.status, res.body.message]).toEqual([200, undefined]);
    }
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored).toMatchObject({ status: "completed", hasBeforePhoto: true, hasAfterPhoto: true });
    expect(stored.onMyWayAt).not.toBeNull();
  });

  it("still answers 402 to every other change: the office's progress and plan, and the employee's chat", async () => {
    const { company, owner, admin, employeeUser, employee } = await expired();
    const job = await buildJob(company.id, employee.id);
    const [ownerAgent, adminAgent, employeeAgent] = await Promise.all([
      agentFor(owner),
      agentFor(admin),
      agentFor(employeeUser),
    ]);
    const refusals = [
      await ownerAgent.put(`/api/jobs/${job.id}`).send({ onMyWay: true }),
      await adminAgent.put(`/api/jobs/${job.id}`).send({ status: "completed" }),
      await ownerAgent.put(`/api/jobs/${job.id}`).send({ location: "Elsewhere" }),
      await ownerAgent.post("/api/jobs").send({
        companyId: company.id,
        employeeId: employee.id,
        type: "Repair",
        location: "1 Main St",
        date: "2026-11-24",
        time: "09:00",
      }),
      await employeeAgent.post("/api/chat").send({ companyId: company.id, message: "Still here" }),
    ];
    expect(refusals.map((res) => [res.status, res.body.message])).toEqual(
      refusals.map(() => [402, PAYMENT_REQUIRED]),
    );
    // The employee role changing the plan is refused for its role, as before the trial ended.
    const plan = await employeeAgent.put(`/api/jobs/${job.id}`).send({ location: "Elsewhere" });
    expect([plan.status, plan.body.message]).toEqual([403, PROGRESS_ONLY]);
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored).toMatchObject({ status: "scheduled", location: job.location, onMyWayAt: null });
  });
});
