/**
 * The bell's routes (docs/realtime.md): each member reads and marks only
 * their own entries of the company they name.
 */
import { db } from "@sched/core/db/client";
import { notifications } from "@sched/core/db/schema";
import { buildCompany, buildTenant } from "@sched/core/test/factories";
import type { NotificationDTO, NotificationKind } from "@sched/shared-types";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const MINUTE_MS = 60 * 1000;

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

async function entry(
  companyId: string,
  recipientUserId: string,
  values: { message: string; kind?: NotificationKind; minutesAgo?: number; read?: boolean },
) {
  const [row] = await db
    .insert(notifications)
    .values({
      companyId,
      recipientUserId,
      kind: values.kind ?? "job.moved",
      message: values.message,
      readAt: values.read ? new Date() : null,
      createdAt: new Date(Date.now() - (values.minutesAgo ?? 0) * MINUTE_MS),
    })
    .returning();
  return row;
}

const messages = (body: NotificationDTO[]) => body.map((n) => n.message);

describe("GET /api/notifications", () => {
  it("answers 401 signed out, 400 without a company, 403 to a non-member or an unknown company", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().get(`/api/notifications?companyId=${company.id}`)).status).toBe(401);
    const agent = await agentFor(owner);
    const missing = await agent.get("/api/notifications");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Company id is required");
    const foreign = await agent.get(`/api/notifications?companyId=${other.company.id}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe("You are not a member of this company");
    const unknown = await agent.get("/api/notifications?companyId=00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(403);
  });

  it("lists only the caller's entries in that company, newest first, in the agreed shape", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const second = await buildCompany();
    await entry(company.id, employeeUser.id, { message: "Older", minutesAgo: 5, read: true });
    const newest = await entry(company.id, employeeUser.id, { message: "Newest", kind: "job.assigned" });
    await entry(company.id, admin.id, { message: "The admin's" });
    await entry(company.id, owner.id, { message: "The owner's" });
    // The same person's entry in another company belongs to that company's bell.
    await entry(second.company.id, employeeUser.id, { message: "Elsewhere" });

    const res = await (await agentFor(employeeUser)).get(`/api/notifications?companyId=${company.id}`);
    expect(res.status).toBe(200);
    expect(messages(res.body)).toEqual(["Newest", "Older"]);
    expect(res.body[0]).toEqual({
      id: newest.id,
      kind: "job.assigned",
      message: "Newest",
      jobId: null,
      timeOff: null,
      createdAt: newest.createdAt.toISOString(),
      read: false,
    });
    expect(res.body[1].read).toBe(true);
  });

  it("lists at most the 20 newest", async () => {
    const { company, employeeUser } = await buildTenant();
    for (let i = 0; i < 23; i++) {
      await entry(company.id, employeeUser.id, { message: `Entry ${i}`, minutesAgo: 23 - i });
    }
    const res = await (await agentFor(employeeUser)).get(`/api/notifications?companyId=${company.id}`);
    expect(res.body).toHaveLength(20);
    expect(res.body[0].message).toBe("Entry 22");
    expect(res.body[19].message).toBe("Entry 3");
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
    const foreign = await agent.post("/api/notifications/read").send({ companyId: other.company.id });
    expect(foreign.status).toBe(403);
    expect(await unreadOf(other.owner.id, other.company.id)).toBe(0);
  });

  it("marks read only up to the newest entry the caller saw: a later one stays unread", async () => {
    const { company, owner, admin } = await buildTenant();
    await entry(company.id, owner.id, { message: "Older", minutesAgo: 2 });
    // Stamped by the database, to the microsecond, as every real entry is.
    const [seen] = await db
      .insert(notifications)
      .values({ companyId: company.id, recipientUserId: owner.id, kind: "job.moved", message: "Seen" })
      .returning();
    // Arrived while the request was on its way.
    await entry(company.id, owner.id, { message: "Later", minutesAgo: -1 });
    const adminsOwn = await entry(company.id, admin.id, { message: "The admin's" });
    const agent = await agentFor(owner);

    const malformed = await agent.post("/api/notifications/read").send({ companyId: company.id, upTo: "42" });
    expect([malformed.status, malformed.body.message]).toEqual([400, "upTo must be a notification id"]);
    // Someone else's entry names no limit of the caller's.
    const foreign = await agent
      .post("/api/notifications/read")
      .send({ companyId: company.id, upTo: adminsOwn.id });
    expect([foreign.status, foreign.body.message]).toEqual([404, "Notification not found"]);
    expect(await unreadOf(owner.id, company.id)).toBe(3);

    const read = await agent.post("/api/notifications/read").send({ companyId: company.id, upTo: seen.id });
    expect(read.status).toBe(204);
    const listed = await agent.get(`/api/notifications?companyId=${company.id}`);
    expect(listed.body.map((n: NotificationDTO) => [n.message, n.read])).toEqual([
      ["Later", false],
      ["Seen", true],
      ["Older", true],
    ]);
    expect(await unreadOf(admin.id, company.id)).toBe(1);
  });

  it("marks only the one entry opened from the bell, and none of someone else's", async () => {
    const { company, owner, admin } = await buildTenant();
    await entry(company.id, owner.id, { message: "Older", minutesAgo: 2 });
    const opened = await entry(company.id, owner.id, { message: "Opened", minutesAgo: 1 });
    await entry(company.id, owner.id, { message: "Newer" });
    const adminsOwn = await entry(company.id, admin.id, { message: "The admin's" });
    const agent = await agentFor(owner);

    const malformed = await agent.post("/api/notifications/read").send({ companyId: company.id, id: "42" });
    expect([malformed.status, malformed.body.message]).toEqual([400, "id must be a notification id"]);
    const foreign = await agent
      .post("/api/notifications/read")
      .send({ companyId: company.id, id: adminsOwn.id });
    expect([foreign.status, foreign.body.message]).toEqual([404, "Notification not found"]);

    const read = await agent.post("/api/notifications/read").send({ companyId: company.id, id: opened.id });
    expect(read.status).toBe(204);
    const listed = await agent.get(`/api/notifications?companyId=${company.id}`);
    expect(listed.body.map((n: NotificationDTO) => [n.message, n.read])).toEqual([
      ["Newer", false],
      ["Opened", true],
      ["Older", false],
    ]);
    expect(await unreadOf(admin.id, company.id)).toBe(1);
  });

  it("marks the caller's entries in that company read, tells their other tabs, and nobody else's", async () => {
    const { company, owner, admin } = await buildTenant();
    const second = await buildCompany();
    await entry(company.id, owner.id, { message: "Seen", minutesAgo: 1 });
    await entry(company.id, admin.id, { message: "The admin's" });
    await entry(second.company.id, second.owner.id, { message: "Another company's" });
    const otherTab = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    try {
      const readMark = nextEvent(otherTab, "notification.read", 2000);
      const agent = await agentFor(owner);
      expect((await agent.post("/api/notifications/read").send({ companyId: company.id })).status).toBe(204);
      expect(await readMark).toEqual({ companyId: company.id });
      // Twice is fine: nothing is left unread.
      expect((await agent.post("/api/notifications/read").send({ companyId: company.id })).status).toBe(204);
    } finally {
      otherTab.close();
    }
    await entry(company.id, owner.id, { message: "Fresh" });

    const forOwner = await (await agentFor(owner)).get(`/api/notifications?companyId=${company.id}`);
    expect(forOwner.body.map((n: NotificationDTO) => [n.message, n.read])).toEqual([
      ["Fresh", false],
      ["Seen", true],
    ]);
    expect(await unreadOf(admin.id, company.id)).toBe(1);
    expect(await unreadOf(second.owner.id, second.company.id)).toBe(1);
  });

  it("works after the trial has run out (reading the bell is not a change to the company)", async () => {
    const { company, employeeUser } = await buildTenant({ trialEndsAt: new Date(Date.now() - 1000) });
    await entry(company.id, employeeUser.id, { message: "Unread" });
    const res = await (await agentFor(employeeUser))
      .post("/api/notifications/read")
      .send({ companyId: company.id });
    expect(res.status).toBe(204);
    expect(await unreadOf(employeeUser.id, company.id)).toBe(0);
  });
});

async function unreadOf(userId: string, companyId: string) {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientUserId, userId),
        eq(notifications.companyId, companyId),
        isNull(notifications.readAt),
      ),
    );
  return rows.length;
}
