/**
 * Two real web processes, each keeping sessions, memberships, the jobs list's version and
 * the chat's newest message in memory (docs/realtime.md, "Caches in the web process"): a change made through one
 * (or by any other process, as the worker would) reaches the other's memory within a
 * second, with no sticky sessions. Each check warms the other process first, then polls
 * it until the change shows, with a one-second deadline.
 */
import { memberAccessChanged } from "@sched/core/cache/memberships";
import { db } from "@sched/core/db/client";
import { companyUsers, scheduleTemplates } from "@sched/core/db/schema";
import { buildJob, buildTenant, PASSWORD } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebProcess, stopWebProcesses, type WebProcess } from "./web-process";

const DEADLINE_MS = 1000;

async function cookieFrom(url: string, user: { email: string }) {
  const res = await request(url).post("/api/login").send({ email: user.email, password: PASSWORD });
  expect(res.status).toBe(200);
  const cookies = res.headers["set-cookie"] as unknown as string[];
  return cookies.find((c) => c.startsWith("sched.sid="))!.split(";")[0];
}

/** True once `probe` holds, trying again until DEADLINE_MS after the change answered. */
async function holdsWithinDeadline(probe: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
  }
}

const weekUrl = (companyId: string) =>
  `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`;

let first: WebProcess;
let second: WebProcess;
// Two cold starts on a busy 2-core machine may take long, hence the hook's budget.
beforeAll(async () => {
  [first, second] = await Promise.all([startWebProcess(), startWebProcess()]);
}, 180_000);
afterAll(stopWebProcesses);

describe("caches across two web processes", () => {
  it("refuses a cookie on one process within a second of its logout on the other", async () => {
    const { owner } = await buildTenant();
    const cookie = await cookieFrom(first.url, owner);
    const onSecond = () => request(second.url).get("/api/user").set("Cookie", cookie);
    expect((await onSecond()).status).toBe(200);
    expect((await onSecond()).status).toBe(200);
    expect((await request(first.url).post("/api/logout").set("Cookie", cookie)).status).toBe(200);
    expect(await holdsWithinDeadline(async () => (await onSecond()).status === 401)).toBe(true);
  });

  it("ends a removed member's access on the other process within a second", async () => {
    const { company, owner, admin } = await buildTenant();
    const adminCookie = await cookieFrom(second.url, admin);
    const onSecond = () => request(second.url).get(weekUrl(company.id)).set("Cookie", adminCookie);
    expect((await onSecond()).status).toBe(200);
    expect((await onSecond()).status).toBe(200);
    const removed = await request(first.url)
      .delete(`/api/companies/${company.id}/users/${admin.id}`)
      .set("Cookie", await cookieFrom(first.url, owner));
    expect(removed.status).toBe(204);
    expect(await holdsWithinDeadline(async () => (await onSecond()).status === 403)).toBe(true);
  });

  it("applies a role change announced by any process within a second", async () => {
    const { company, admin } = await buildTenant();
    const cookie = await cookieFrom(second.url, admin);
    const invitations = () =>
      request(second.url).get(`/api/companies/${company.id}/invitations`).set("Cookie", cookie);
    expect((await invitations()).status).toBe(200);
    expect((await invitations()).status).toBe(200);
    // As a command changing a role would: the row, then the message (here from this test's process).
    await db
      .update(companyUsers)
      .set({ role: "employee" })
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, admin.id)));
    memberAccessChanged(admin.id, company.id);
    expect(await holdsWithinDeadline(async () => (await invitations()).status === 403)).toBe(true);
  });

  it("changes the list's ETag on the other process when a job is moved or a template applied", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24" });
    const ownerOnFirst = await cookieFrom(first.url, owner);
    const ownerOnSecond = await cookieFrom(second.url, owner);
    const listOnSecond = (etag?: string) => {
      const get = request(second.url).get(weekUrl(company.id)).set("Cookie", ownerOnSecond);
      return etag ? get.set("If-None-Match", etag) : get;
    };
    const changesWithinDeadline = async (etag: string) =>
      holdsWithinDeadline(async () => (await listOnSecond(etag)).status === 200);

    const before = (await listOnSecond()).headers.etag as string;
    expect((await listOnSecond(before)).status).toBe(304);
    const moved = await request(first.url)
      .put(`/api/jobs/${job.id}`)
      .set("Cookie", ownerOnFirst)
      .send({ time: "10:30" });
    expect(moved.status).toBe(200);
    expect(await changesWithinDeadline(before)).toBe(true);

    const [template] = await db
      .insert(scheduleTemplates)
      .values({
        companyId: company.id,
        name: "Standard week",
        templateData: [
          {
            employeeId: employee.id,
            dayOfWeek: 2,
            time: "08:00",
            type: "Inspection",
            location: "2 Side St",
            description: null,
            amount: null,
          },
        ],
      })
      .returning();
    const afterMove = (await listOnSecond()).headers.etag as string;
    expect((await listOnSecond(afterMove)).status).toBe(304);
    const applied = await request(first.url)
      .post(`/api/templates/${template.id}/apply`)
      .set("Cookie", ownerOnFirst)
      .send({ weekStart: "2026-11-23" });
    expect(applied.status).toBe(200);
    expect(await changesWithinDeadline(afterMove)).toBe(true);
    expect((await listOnSecond()).body).toHaveLength(2);
  });

  it("shows a chat message sent through one process on the other's next poll within a second", async () => {
    const { company, owner, admin } = await buildTenant();
    const ownerOnFirst = await cookieFrom(first.url, owner);
    const adminOnSecond = await cookieFrom(second.url, admin);
    const send = (message: string) =>
      request(first.url)
        .post("/api/chat")
        .set("Cookie", ownerOnFirst)
        .send({ companyId: company.id, message });
    const pollOnSecond = (after: string) =>
      request(second.url)
        .get(`/api/chat?companyId=${company.id}&after=${after}`)
        .set("Cookie", adminOnSecond);

    const hello = await send("Morning all");
    expect(hello.status).toBe(201);
    // The other process answers the empty poll from the newest message it holds.
    expect((await pollOnSecond(hello.body.id)).body).toEqual([]);
    expect((await pollOnSecond(hello.body.id)).body).toEqual([]);
    const next = await send("Running late");
    expect(next.status).toBe(201);
    const seen = await holdsWithinDeadline(async () => {
      const poll = await pollOnSecond(hello.body.id);
      return poll.status === 200 && poll.body.some((m: { id: string }) => m.id === next.body.id);
    });
    expect(seen).toBe(true);
    expect((await pollOnSecond(next.body.id)).body).toEqual([]);
  });
});
