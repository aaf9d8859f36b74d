/**
 * Two real web processes sharing one database and Redis, with no sticky sessions: what one
 * process changes is in force on the other's very next request (a logout, a removal, a
 * role change, a job moved, a chat message), because each request reads PostgreSQL; and
 * a change whose commit fails is announced to no socket on either process.
 */
import { db } from "@sched/core/db/client";
import { companyUsers, jobs, scheduleTemplates } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant, PASSWORD } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent } from "./realtime-support";
import { startWebProcess, stopWebProcesses, type WebProcess } from "./web-process";

async function cookieFrom(url: string, user: { email: string }) {
  const res = await request(url).post("/api/login").send({ email: user.email, password: PASSWORD });
  expect(res.status).toBe(200);
  const cookies = res.headers["set-cookie"] as unknown as string[];
  return cookies.find((c) => c.startsWith("sched.sid="))!.split(";")[0];
}

const weekUrl = (companyId: string) =>
  `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`;

/** A description that makes the commit of the job's change fail (the trigger below). */
const FAILS_AT_COMMIT = "This change fails at commit";

/**
 * A deferred constraint trigger raises at COMMIT for a job saved with FAILS_AT_COMMIT:
 * the statement itself succeeds, the commit does not. Only rows so marked are touched, so
 * the other test files sharing this database are not.
 */
async function installCommitFailure() {
  await db.execute(sql`
    create or replace function test_fail_at_commit() returns trigger language plpgsql as $$
    begin
      if new.description = ${sql.raw(`'${FAILS_AT_COMMIT}'`)} then
        raise exception 'commit refused for this test';
      end if;
      return null;
    end $$`);
  await db.execute(sql`
    do $$ begin
      if not exists (select 1 from pg_trigger where tgname = 'test_fail_at_commit') then
        create constraint trigger test_fail_at_commit after insert or update on jobs
          deferrable initially deferred for each row execute function test_fail_at_commit();
      end if;
    end $$`);
}

async function removeCommitFailure() {
  await db.execute(sql`drop trigger if exists test_fail_at_commit on jobs`);
  await db.execute(sql`drop function if exists test_fail_at_commit()`);
}

/** Records every event a socket receives, to prove later that something never arrived. */
function recordEvents(socket: Socket) {
  const events: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  return events;
}

let first: WebProcess;
let second: WebProcess;
// Two cold starts on a busy 2-core machine may take long, hence the hook's budget.
beforeAll(async () => {
  [first, second] = await Promise.all([startWebProcess(), startWebProcess(), installCommitFailure()]);
}, 180_000);
afterAll(async () => {
  await stopWebProcesses();
  await removeCommitFailure();
});

describe("the next request on the other web process", () => {
  it("refuses a cookie signed out on the one", async () => {
    const { owner } = await buildTenant();
    const cookie = await cookieFrom(first.url, owner);
    const onSecond = () => request(second.url).get("/api/user").set("Cookie", cookie);
    expect((await onSecond()).status).toBe(200);
    expect((await request(first.url).post("/api/logout").set("Cookie", cookie)).status).toBe(200);
    expect((await onSecond()).status).toBe(401);
  });

  it("refuses a member removed on the one: the week, the chat poll and the member's changes", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24" });
    const adminCookie = await cookieFrom(second.url, admin);
    const asAdmin = (path: string) => request(second.url).get(path).set("Cookie", adminCookie);
    const chatUrl = `/api/chat?companyId=${company.id}`;
    expect((await asAdmin(weekUrl(company.id))).status).toBe(200);
    expect((await asAdmin(chatUrl)).status).toBe(200);

    const removed = await request(first.url)
      .delete(`/api/companies/${company.id}/users/${admin.id}`)
      .set("Cookie", await cookieFrom(first.url, owner));
    expect(removed.status).toBe(204);
    expect((await asAdmin(weekUrl(company.id))).status).toBe(403);
    expect((await asAdmin(chatUrl)).status).toBe(403);
    const change = await request(second.url)
      .put(`/api/jobs/${job.id}`)
      .set("Cookie", adminCookie)
      .send({ time: "15:00" });
    expect(change.status).toBe(404);
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored.time).toBe(job.time);
  });

  it("applies a role change at once, with nobody telling the process", async () => {
    const { company, admin } = await buildTenant();
    const cookie = await cookieFrom(second.url, admin);
    const invitations = () =>
      request(second.url).get(`/api/companies/${company.id}/invitations`).set("Cookie", cookie);
    expect((await invitations()).status).toBe(200);
    await db
      .update(companyUsers)
      .set({ role: "employee" })
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, admin.id)));
    expect((await invitations()).status).toBe(403);
  });

  it("answers the list's same ETag on both, and a new one after a job is moved or a template applied", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24" });
    const ownerOnFirst = await cookieFrom(first.url, owner);
    const ownerOnSecond = await cookieFrom(second.url, owner);
    const listOnSecond = (etag?: string) => {
      const get = request(second.url).get(weekUrl(company.id)).set("Cookie", ownerOnSecond);
      return etag ? get.set("If-None-Match", etag) : get;
    };

    const before = (await listOnSecond()).headers.etag as string;
    expect((await listOnSecond(before)).status).toBe(304);
    // The ETag is made from the data: the one process answers 304 to the other's.
    const onFirst = request(first.url).get(weekUrl(company.id)).set("Cookie", ownerOnFirst);
    expect((await onFirst.set("If-None-Match", before)).status).toBe(304);
    const moved = await request(first.url)
      .put(`/api/jobs/${job.id}`)
      .set("Cookie", ownerOnFirst)
      .send({ time: "10:30" });
    expect(moved.status).toBe(200);
    const afterMove = await listOnSecond(before);
    expect(afterMove.status).toBe(200);
    expect(afterMove.body[0].time).toBe("10:30");

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
    const etagAfterMove = afterMove.headers.etag as string;
    expect((await listOnSecond(etagAfterMove)).status).toBe(304);
    const applied = await request(first.url)
      .post(`/api/templates/${template.id}/apply`)
      .set("Cookie", ownerOnFirst)
      .send({ weekStart: "2026-11-23" });
    expect(applied.status).toBe(200);
    const afterApply = await listOnSecond(etagAfterMove);
    expect(afterApply.status).toBe(200);
    expect(afterApply.body).toHaveLength(2);
  });

  it("shows a chat message sent through the one on the next poll", async () => {
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
    expect((await pollOnSecond(hello.body.id)).body).toEqual([]);
    const next = await send("Running late");
    expect(next.status).toBe(201);
    expect((await pollOnSecond(hello.body.id)).body.map((m: { id: string }) => m.id)).toEqual([next.body.id]);
    expect((await pollOnSecond(next.body.id)).body).toEqual([]);
  });
});

describe("a change whose commit fails", () => {
  it.each([
    ["written in one statement (the job's own row)", { newEmployee: false }],
    ["written in a transaction (another employee)", { newEmployee: true }],
  ])("%s: answers an error, changes nothing and is heard by no socket", async (_name, { newEmployee }) => {
    const { company, owner, admin, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24", time: "09:00" });
    const witness = await buildJob(company.id, employee.id, { date: "2026-11-25", time: "09:00" });
    const other = await buildEmployee(company.id, { name: "Rita Ruiz", initials: "RR" });
    const ownerOnFirst = await cookieFrom(first.url, owner);
    const sockets = await Promise.all([
      connectSocket(first.url, { Cookie: await cookieFrom(first.url, admin) }),
      connectSocket(second.url, { Cookie: await cookieFrom(second.url, admin) }),
    ]);
    const heard = sockets.map(recordEvents);
    try {
      const change = {
        description: FAILS_AT_COMMIT,
        time: "13:00",
        ...(newEmployee ? { employeeId: other.id } : {}),
      };
      const failed = await request(first.url)
        .put(`/api/jobs/${job.id}`)
        .set("Cookie", ownerOnFirst)
        .send(change);
      expect(failed.status).toBeGreaterThanOrEqual(400);
      const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(stored).toMatchObject({ description: job.description, time: "09:00", version: job.version });
      expect(stored.employeeId).toBe(employee.id);

      // A later change of the same company through the same process: once every socket has
      // its event, an event for the failed change would have arrived before it.
      const witnessed = sockets.map((socket) => nextEvent<JobDTO>(socket, "job.updated", 5000));
      const saved = await request(first.url)
        .put(`/api/jobs/${witness.id}`)
        .set("Cookie", ownerOnFirst)
        .send({ time: "10:00" });
      expect(saved.status).toBe(200);
      for (const event of await Promise.all(witnessed)) expect(event.id).toBe(witness.id);
      for (const events of heard) {
        const aboutFailed = events.filter(([, payload]) => (payload as { id?: string })?.id === job.id);
        expect(aboutFailed).toEqual([]);
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
