import type { NotificationDTO } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeJobChange, recordActivity } from "../src/commands/record-activity";
import { db } from "../src/db/client";
import { activityEvents, notificationReads } from "../src/db/schema";
import { buildTenant } from "./factories";
import { agentFor, anonymous } from "./support";

const HOUR_MS = 60 * 60 * 1000;

async function activity(
  companyId: string,
  values: { kind: string; title: string; actorUserId?: string; hoursAgo?: number },
) {
  const [row] = await db
    .insert(activityEvents)
    .values({
      companyId,
      kind: values.kind,
      title: values.title,
      actorUserId: values.actorUserId,
      createdAt: new Date(Date.now() - (values.hoursAgo ?? 0) * HOUR_MS),
    })
    .returning();
  return row;
}

const titles = (body: NotificationDTO[]) => body.map((n) => n.title);

describe("GET /api/notifications", () => {
  it("answers 401 signed out, 400 without a company, 403 to a non-member", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().get(`/api/notifications?companyId=${company.id}`)).status).toBe(401);
    const agent = await agentFor(owner);
    const missing = await agent.get("/api/notifications");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Company id is required");
    expect((await agent.get(`/api/notifications?companyId=${other.company.id}`)).status).toBe(403);
  });

  it("lists what matters to this user, newest first: not their own doing, job news of the last 24 hours", async () => {
    const { company, owner, admin } = await buildTenant();
    const other = await buildTenant();
    await activity(other.company.id, { kind: "job.created", title: "Another company's job" });
    await activity(company.id, { kind: "job.created", title: "Old job news", hoursAgo: 25 });
    await activity(company.id, { kind: "member.joined", title: "Emma joined", hoursAgo: 30 });
    await activity(company.id, { kind: "job.moved", title: "Moved by the owner", actorUserId: owner.id });
    await activity(company.id, { kind: "job.moved", title: "Moved by the admin", actorUserId: admin.id });
    await activity(company.id, { kind: "job.completed", title: "Completed by the worker" });

    const res = await (await agentFor(owner)).get(`/api/notifications?companyId=${company.id}`);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(["Completed by the worker", "Moved by the admin", "Emma joined"]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      kind: "job.completed",
      title: "Completed by the worker",
      detail: null,
      createdAt: expect.any(String),
      isRead: false,
    });
  });

  it("shows payment state to the owner only", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    await activity(company.id, { kind: "payment.updated", title: "Payment failed" });
    await activity(company.id, { kind: "member.joined", title: "Rita joined" });
    const forOwner = await (await agentFor(owner)).get(`/api/notifications?companyId=${company.id}`);
    expect(titles(forOwner.body)).toEqual(["Rita joined", "Payment failed"]);
    for (const user of [admin, employeeUser]) {
      const res = await (await agentFor(user)).get(`/api/notifications?companyId=${company.id}`);
      expect(titles(res.body)).toEqual(["Rita joined"]);
    }
  });

  it("lists at most the 20 newest", async () => {
    const { company, employeeUser } = await buildTenant();
    for (let i = 0; i < 23; i++) {
      await activity(company.id, { kind: "job.created", title: `Job ${i}`, hoursAgo: (23 - i) / 100 });
    }
    const res = await (await agentFor(employeeUser)).get(`/api/notifications?companyId=${company.id}`);
    expect(res.body).toHaveLength(20);
    expect(res.body[0].title).toBe("Job 22");
    expect(res.body[19].title).toBe("Job 3");
  });

  it("lists what recordActivity writes for a job change", async () => {
    const { company, owner, admin } = await buildTenant();
    const job = {
      type: "Repair",
      location: "1 Main St",
      date: "2026-11-23",
      time: "09:00",
      employeeId: "e1",
      status: "scheduled",
    } as const;
    await recordActivity(company.id, describeJobChange(job, { ...job, date: "2026-11-24" }), admin.id);
    const res = await (await agentFor(owner)).get(`/api/notifications?companyId=${company.id}`);
    expect(res.body.map((n: NotificationDTO) => [n.kind, n.title, n.detail])).toEqual([
      ["job.moved", "Job moved: Repair at 1 Main St", "Now Nov 24, 2026 09:00"],
    ]);
  });
});

describe("POST /api/notifications/read", () => {
  it("answers 401 signed out, 400 without a company, 403 to a non-member", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().post("/api/notifications/read").send({ companyId: company.id })).status).toBe(
      401,
    );
    const agent = await agentFor(owner);
    const missing = await agent.post("/api/notifications/read").send({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Company id is required");
    expect((await agent.post("/api/notifications/read").send({ companyId: other.company.id })).status).toBe(
      403,
    );
  });

  it("marks everything so far as read for this user only; newer entries arrive unread", async () => {
    const { company, owner, admin } = await buildTenant();
    await activity(company.id, { kind: "job.created", title: "Seen", hoursAgo: 1 });
    const ownerAgent = await agentFor(owner);
    const res = await ownerAgent.post("/api/notifications/read").send({ companyId: company.id });
    expect(res.status).toBe(204);
    // Twice is fine: the read mark moves forward.
    expect((await ownerAgent.post("/api/notifications/read").send({ companyId: company.id })).status).toBe(
      204,
    );
    await activity(company.id, { kind: "job.created", title: "Fresh" });

    const forOwner = await ownerAgent.get(`/api/notifications?companyId=${company.id}`);
    expect(forOwner.body.map((n: NotificationDTO) => [n.title, n.isRead])).toEqual([
      ["Fresh", false],
      ["Seen", true],
    ]);
    const forAdmin = await (await agentFor(admin)).get(`/api/notifications?companyId=${company.id}`);
    expect(forAdmin.body.map((n: NotificationDTO) => n.isRead)).toEqual([false, false]);
    const marks = await db
      .select()
      .from(notificationReads)
      .where(and(eq(notificationReads.companyId, company.id), eq(notificationReads.userId, owner.id)));
    expect(marks).toHaveLength(1);
  });

  it("works after the trial has run out (reading the bell is not a change to the company)", async () => {
    const { company, employeeUser } = await buildTenant({ trialEndsAt: new Date(Date.now() - 1000) });
    const res = await (await agentFor(employeeUser))
      .post("/api/notifications/read")
      .send({ companyId: company.id });
    expect(res.status).toBe(204);
  });
});
