/**
 * The web process's caches in one process (docs/realtime.md, "Caches in the web process"):
 * while the invalidation channel is healthy, sessions, memberships and the jobs list's
 * version come from memory, and every command that changes them drops them at once;
 * without the channel (Redis stopped or frozen) every request reads PostgreSQL again, and
 * the caches start empty when it is back. This file runs against a Redis of its own so it
 * can take it away without touching what other files use.
 */
import {
  isChannelHealthy,
  startInvalidationListener,
  stopInvalidationListener,
} from "@sched/core/cache/channel";
import {
  currentJobsVersion,
  isVersionAfter,
  jobsChanging,
  knownJobsVersion,
} from "@sched/core/cache/jobs-version";
import { knownChatPointer, noteNewestMessage, readChatPointer } from "@sched/core/chat-latest";
import { JOB_NOT_FOUND, PROGRESS_ONLY } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { callRecords, companyUsers, jobs, scheduleTemplates, sessions } from "@sched/core/db/schema";
import { currentPublisher, usePublisher } from "@sched/core/publish";
import { redis, redisKey } from "@sched/core/redis";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { waitFor } from "./outage-support";
import { ownRedisWithCaches } from "./own-redis";
import { sessionCookieFor } from "./realtime-support";
import { statementsDuring } from "./statements";
import { agentFor, anonymous } from "./support";

// Read at import by core's config: REDIS_URL is set before anything below is imported.
const { redisPort, sharedRedisUrl } = await vi.hoisted(async () =>
  (await import("./outage-support")).pointRedisAtFreePort(),
);

const ownRedis = ownRedisWithCaches(redisPort, sharedRedisUrl);

const weekUrl = (companyId: string) =>
  `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`;

describe("with the invalidation channel healthy", () => {
  it("answers an unchanged jobs list (304 and 200) and an empty chat poll without PostgreSQL", async () => {
    const { company, owner, employee } = await buildTenant();
    await buildJob(company.id, employee.id, { date: "2026-11-24" });
    const agent = await agentFor(owner);
    const first = await agent.get(weekUrl(company.id));
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    const sent = await agent.post("/api/chat").send({ companyId: company.id, message: "On my way" });
    const pollUrl = `/api/chat?companyId=${company.id}&after=${sent.body.id}`;
    expect((await agent.get(pollUrl)).body).toEqual([]);

    const unchanged = async () => {
      const answers: number[] = [];
      const statements = await statementsDuring(async () => {
        answers.push((await agent.get(weekUrl(company.id)).set("If-None-Match", etag)).status);
        const again = await agent.get(weekUrl(company.id));
        expect(again.body).toEqual(first.body);
        answers.push(again.status);
        answers.push((await agent.get(pollUrl)).status);
      });
      expect(answers).toEqual([304, 200, 200]);
      return statements;
    };
    // A busy machine may stall this process past the channel's heartbeat, and the caches are
    // bypassed until the next ping is answered (correct, only slower): measure again then.
    let statements: string[] = [];
    for (let round = 0; round < 10; round++) {
      await waitFor(async () => isChannelHealthy(), "channel healthy before measuring");
      statements = await unchanged();
      if (statements.length === 0) break;
    }
    expect(statements).toEqual([]);
  });

  it("answers the empty chat poll without asking Redis once it holds the newest message", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const sent = await agent.post("/api/chat").send({ companyId: company.id, message: "On my way" });
    const pollUrl = `/api/chat?companyId=${company.id}&after=${sent.body.id}`;
    const reads = vi.spyOn(redis, "get");
    try {
      // As above: a stalled heartbeat bypasses the memory until the next ping is answered.
      for (let round = 0; ; round++) {
        await waitFor(async () => knownChatPointer(company.id)?.id === sent.body.id, "pointer heard");
        reads.mockClear();
        const answers = [(await agent.get(pollUrl)).status, (await agent.get(pollUrl)).status];
        expect(answers).toEqual([200, 200]);
        if (reads.mock.calls.length > 0 && round < 9) continue;
        expect(reads).not.toHaveBeenCalled();
        break;
      }
      // A new message: this process stops answering from the old pointer before Redis has it.
      const next = await agent.post("/api/chat").send({ companyId: company.id, message: "Here now" });
      expect((await agent.get(pollUrl)).body.map((m: { id: string }) => m.id)).toEqual([next.body.id]);
    } finally {
      reads.mockRestore();
    }
  });

  it("keeps no pointer read from Redis when a newer one was heard while the read was on its way", async () => {
    const { company } = await buildTenant();
    for (let round = 0; ; round++) {
      await waitFor(async () => isChannelHealthy(), "channel healthy before the read");
      const seq = 10 * (round + 1);
      // Left by a process that wrote without telling: nobody holds it yet.
      await redis.set(redisKey(`chat:latest:${company.id}`), `${seq}:older`);
      const newer = `${seq + 1}:newer`;
      const realGet = redis.get.bind(redis);
      const read = vi.spyOn(redis, "get").mockImplementationOnce(async (key) => {
        const answered = await realGet(key);
        // Another process moves the pointer; its message arrives before this read's answer.
        await noteNewestMessage(company.id, seq + 1, "newer");
        await waitFor(async () => knownChatPointer(company.id)?.raw === newer, "newer pointer heard");
        return answered;
      });
      let stale: string | undefined;
      try {
        stale = (await readChatPointer(company.id))?.raw;
      } finally {
        read.mockRestore();
      }
      expect(stale).toBe(`${seq}:older`);
      if (knownChatPointer(company.id) === undefined && round < 9) continue;
      expect(knownChatPointer(company.id)?.raw).toBe(newer);
      return;
    }
  });

  it("refuses a cookie as soon as its session signs out", async () => {
    const { owner } = await buildTenant();
    const cookie = await sessionCookieFor(owner);
    expect((await anonymous().get("/api/user").set("Cookie", cookie)).status).toBe(200);
    expect((await anonymous().post("/api/logout").set("Cookie", cookie)).status).toBe(200);
    expect((await anonymous().get("/api/user").set("Cookie", cookie)).status).toBe(401);
  });

  it("ends a removed member's access at once", async () => {
    const { company, owner, admin } = await buildTenant();
    const adminAgent = await agentFor(admin);
    expect((await adminAgent.get(weekUrl(company.id))).status).toBe(200);
    const removed = await (await agentFor(owner)).delete(`/api/companies/${company.id}/users/${admin.id}`);
    expect(removed.status).toBe(204);
    const refused = await adminAgent.get(weekUrl(company.id));
    expect([refused.status, refused.body.message]).toEqual([403, "You are not a member of this company"]);
  });

  it("changes the list's ETag when a template is applied, an employee's jobs cascade and a call is deleted", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const url = weekUrl(company.id);
    const [template] = await db
      .insert(scheduleTemplates)
      .values({
        companyId: company.id,
        name: "Standard week",
        templateData: [
          {
            employeeId: employee.id,
            dayOfWeek: 1,
            time: "09:00",
            type: "Repair",
            location: "1 Main St",
            description: null,
            amount: null,
          },
        ],
      })
      .returning();
    /** Asserts the list at `etag` is current, runs `change`, and returns the new list. */
    const afterChange = async (etag: string, change: () => Promise<number>, expected: number) => {
      expect((await agent.get(url).set("If-None-Match", etag)).status).toBe(304);
      expect(await change()).toBe(expected);
      const changed = await agent.get(url).set("If-None-Match", etag);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      return changed;
    };

    const empty = await agent.get(url);
    expect(empty.body).toEqual([]);
    const applied = await afterChange(
      empty.headers.etag,
      async () =>
        (await agent.post(`/api/templates/${template.id}/apply`).send({ weekStart: "2026-11-23" })).status,
      200,
    );
    expect(applied.body).toHaveLength(1);

    const [call] = await db
      .insert(callRecords)
      .values({
        companyId: company.id,
        customerName: "Sam Caller",
        customerPhone: "555-0100",
        callDate: "2026-11-23",
        callTime: "10:00",
      })
      .returning();
    await db.update(jobs).set({ callRecordId: call.id }).where(eq(jobs.companyId, company.id));
    const linked = await agent.get(url);
    const unlinked = await afterChange(
      linked.headers.etag,
      async () => (await agent.delete(`/api/call-records/${call.id}`)).status,
      204,
    );
    expect(unlinked.body[0].callRecordId).toBeNull();

    const cascaded = await afterChange(
      unlinked.headers.etag,
      async () => (await agent.delete(`/api/employees/${employee.id}?confirm=true`)).status,
      204,
    );
    expect(cascaded.body).toEqual([]);
  });
  it("sends a job change's event first and its bump in the same turn: no list of the old version is answered after the event", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24" });
    const agent = await agentFor(owner);
    // A stalled heartbeat makes every version unknown (correct, only slower): try again then.
    for (let round = 0; ; round++) {
      await waitFor(async () => isChannelHealthy(), "channel healthy before the change");
      await agent.get(weekUrl(company.id)).expect(200);
      const seen: { atEvent?: string; afterEvent?: string } = {};
      const gateway = currentPublisher();
      usePublisher({
        emit: (room, event, payload) => {
          if (event === "job.updated") {
            seen.atEvent = knownJobsVersion(company.id);
            // The first moment anything else could run on this process: a request, a Redis answer.
            queueMicrotask(() => {
              seen.afterEvent = knownJobsVersion(company.id) ?? "unknown";
            });
          }
          gateway?.emit(room, event, payload);
        },
        changeRooms: () => {},
        disconnect: () => {},
      });
      try {
        const time = round % 2 === 0 ? "11:00" : "12:00";
        expect((await agent.put(`/api/jobs/${job.id}`).send({ time })).status).toBe(200);
      } finally {
        usePublisher(gateway);
      }
      if (seen.atEvent === undefined && round < 9) continue;
      // The event left while the old version was still held, and the bump was on its way at once.
      expect(seen.atEvent).toEqual(expect.any(String));
      expect(seen.afterEvent).toBe("unknown");
      return;
    }
  });

  it("answers no list from the version before a change while the change's bump is on its way", async () => {
    const { company } = await buildTenant();
    // A stalled heartbeat makes every version unknown (correct, only slower): try again then.
    for (let round = 0; ; round++) {
      await waitFor(async () => isChannelHealthy(), "channel healthy before the bump");
      const before = await currentJobsVersion(company.id);
      const bumped = jobsChanging(company.id);
      // The fast lane finds no version to answer from: the request takes the full path.
      const heldMeanwhile = knownJobsVersion(company.id);
      // The full path waits for the bump's answer.
      const asked = await currentJobsVersion(company.id);
      await bumped;
      if ((before === undefined || asked === undefined) && round < 9) continue;
      expect(heldMeanwhile).toBeUndefined();
      expect(isVersionAfter(asked as string, before as string)).toBe(true);
      expect(knownJobsVersion(company.id)).toBe(asked);
      return;
    }
  });

  it("keeps a second employee's list apart from the first's (the filter is in the key)", async () => {
    const { company, owner, employee } = await buildTenant();
    const colleague = await buildEmployee(company.id, { name: "Rita Ruiz", initials: "RR" });
    await buildJob(company.id, employee.id, { date: "2026-11-24" });
    const agent = await agentFor(owner);
    const mine = await agent.get(`${weekUrl(company.id)}&employeeId=${employee.id}`);
    const theirs = await agent.get(`${weekUrl(company.id)}&employeeId=${colleague.id}`);
    expect([mine.body.length, theirs.body.length]).toEqual([1, 0]);
    expect(mine.headers.etag).not.toBe(theirs.headers.etag);
  });
});

describe("the row of a job this process just changed (core/src/cache/job-rows.ts)", () => {
  /** The route's door reading the job with the caller's membership (core/src/db/scoped.ts). */
  const isDoorRead = (text: string) => /from "jobs" inner join "company_user"/i.test(text);

  /**
   * A job changed twice through this process, so that its row is kept; then `act` (its
   * statements recorded). A busy machine may stall the channel's heartbeat, which bypasses
   * the memory (correct, only slower): the round is tried again until the door skipped
   * PostgreSQL, and its statements are returned with the job and the tenant.
   */
  async function afterTwoChanges<T>(act: (tenant: Awaited<ReturnType<typeof keptJob>>) => Promise<T>) {
    for (let round = 0; ; round++) {
      const tenant = await keptJob();
      let result: T | undefined;
      const statements = await statementsDuring(async () => {
        result = await act(tenant);
      });
      if (!statements.some(isDoorRead) || round === 9) return { ...tenant, statements, result: result as T };
    }
  }

  async function keptJob() {
    const tenant = await buildTenant();
    const job = await buildJob(tenant.company.id, tenant.employee.id, { date: "2026-11-24", time: "08:00" });
    const owner = await agentFor(tenant.owner);
    await waitFor(async () => isChannelHealthy(), "channel healthy before the changes");
    for (const time of ["09:00", "10:00"]) {
      expect((await owner.put(`/api/jobs/${job.id}`).send({ time })).status).toBe(200);
    }
    return { ...tenant, job, owner };
  }

  it("changes it again without reading the job or the membership from PostgreSQL", async () => {
    const { statements, result } = await afterTwoChanges(async ({ owner, job }) =>
      owner.put(`/api/jobs/${job.id}`).send({ time: "11:00", version: job.version + 2 }),
    );
    expect([result.status, result.body.time, result.body.version]).toEqual([200, "11:00", 4]);
    expect(statements.filter(isDoorRead)).toEqual([]);
  });

  it("writes the change and reads its warnings' inputs in the one statement", async () => {
    const { statements, result } = await afterTwoChanges(async ({ owner, job, company, employee }) => {
      // A neighbour the change will overlap.
      const other = await buildJob(company.id, employee.id, { date: "2026-11-24", time: "11:30" });
      const answer = await owner.put(`/api/jobs/${job.id}`).send({ time: "11:00", version: job.version + 2 });
      return { answer, other };
    });
    const { answer, other } = result;
    expect([answer.status, answer.body.time]).toEqual([200, "11:00"]);
    expect(answer.body.warnings).toEqual([
      { code: "overlap", message: "Overlaps 11:30–12:30 Repair at 1 Main St", jobId: other.id },
    ]);
    const reads = statements.filter((text) => !/^(insert|update)/i.test(text));
    expect(statements.filter((text) => /^update "jobs"/i.test(text))).toHaveLength(1);
    // Neither the employee's other jobs nor the company's hours are read on their own.
    expect(reads.filter((text) => /from "jobs"|json_build_object/i.test(text))).toEqual([]);
  });

  it("decides on the job as it is when it changed behind the kept row", async () => {
    // Another process's change whose message has not arrived: the kept row is one version behind.
    const { statements, result, job, owner } = await afterTwoChanges(async ({ owner, job }) => {
      await db
        .update(jobs)
        .set({ location: "Changed elsewhere", version: sql`${jobs.version} + 1` })
        .where(eq(jobs.id, job.id));
      const current = await owner.put(`/api/jobs/${job.id}`).send({ time: "11:00", version: 4 });
      const stale = await owner.put(`/api/jobs/${job.id}`).send({ time: "12:00", version: 3 });
      return { current, stale };
    });
    expect(statements.filter(isDoorRead)).toEqual([]);
    const { current, stale } = result;
    expect([current.status, current.body.time, current.body.location, current.body.version]).toEqual([
      200,
      "11:00",
      "Changed elsewhere",
      5,
    ]);
    expect([stale.status, stale.body.code]).toEqual([409, "stale"]);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([row.time, row.version]).toEqual(["11:00", 5]);
    expect(
      (await owner.get(`/api/jobs?companyId=${job.companyId}&startDate=2026-11-23&endDate=2026-11-29`))
        .body[0].time,
    ).toBe("11:00");
  });

  it("still refuses what the job as it is refuses: a plan change by an employee, a foreign id", async () => {
    const { statements, result, job } = await afterTwoChanges(async ({ job, employeeUser }) => {
      const employee = await agentFor(employeeUser);
      // The list's door keeps the employee's membership in memory.
      expect((await employee.get(weekUrl(job.companyId))).status).toBe(200);
      return employee.put(`/api/jobs/${job.id}`).send({ time: "12:00" });
    });
    expect(statements.filter(isDoorRead)).toEqual([]);
    expect([result.status, result.body.message]).toEqual([403, PROGRESS_ONLY]);
    const stranger = await agentFor((await buildTenant()).owner);
    const foreign = await stranger.put(`/api/jobs/${job.id}`).send({ time: "12:00" });
    expect([foreign.status, foreign.body.message]).toEqual([404, JOB_NOT_FOUND]);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([row.time, row.version]).toEqual(["10:00", 3]);
  });
});

describe("without the invalidation channel", () => {
  /** A member, a job and a session all read once, so that a cache would hold them. */
  async function warmTenant() {
    const tenant = await buildTenant();
    const job = await buildJob(tenant.company.id, tenant.employee.id, { date: "2026-11-24" });
    const cookie = await sessionCookieFor(tenant.admin);
    const list = await anonymous().get(weekUrl(tenant.company.id)).set("Cookie", cookie);
    expect(list.status).toBe(200);
    return { ...tenant, job, cookie, etag: list.headers.etag as string };
  }

  /** Changes made behind the app's back (straight in the database) show at once when nothing is cached. */
  async function expectDatabaseRead(tenant: Awaited<ReturnType<typeof warmTenant>>) {
    const { company, job, cookie, etag } = tenant;
    await db.update(jobs).set({ location: "Moved by SQL" }).where(eq(jobs.id, job.id));
    const changed = await anonymous()
      .get(weekUrl(company.id))
      .set("Cookie", cookie)
      .set("If-None-Match", etag);
    expect([changed.status, changed.body[0]?.location]).toEqual([200, "Moved by SQL"]);
    await db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, tenant.admin.id)));
    expect((await anonymous().get(weekUrl(company.id)).set("Cookie", cookie)).status).toBe(403);
    const sid = decodeURIComponent(cookie.split("=")[1]).slice(2).split(".")[0];
    await db.delete(sessions).where(eq(sessions.sid, sid));
    expect((await anonymous().get("/api/user").set("Cookie", cookie)).status).toBe(401);
  }

  it("reads PostgreSQL for everything while Redis is stopped, and starts empty when it is back", async () => {
    const tenant = await warmTenant();
    const other = await warmTenant();
    await ownRedis.redis?.stop();
    await waitFor(async () => !isChannelHealthy(), "channel unhealthy after Redis stopped");
    await expectDatabaseRead(tenant);
    // A removal whose message could not reach anyone, during the outage.
    await db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyId, other.company.id), eq(companyUsers.userId, other.admin.id)));
    await ownRedis.redis?.start();
    await waitFor(async () => isChannelHealthy(), "channel healthy after Redis is back");
    // What was kept before the outage is gone: the membership is read again.
    expect((await anonymous().get(weekUrl(other.company.id)).set("Cookie", other.cookie)).status).toBe(403);
  });

  it("reads PostgreSQL while Redis is frozen (connected, never answering)", async () => {
    const tenant = await warmTenant();
    ownRedis.redis?.pause();
    try {
      await waitFor(async () => !isChannelHealthy(), "channel unhealthy while Redis is frozen");
      await expectDatabaseRead(tenant);
    } finally {
      ownRedis.redis?.resume();
    }
    await waitFor(async () => isChannelHealthy(), "channel healthy after Redis thawed");
  });

  it("reads PostgreSQL when the process does not listen at all", async () => {
    const tenant = await warmTenant();
    await stopInvalidationListener();
    try {
      await expectDatabaseRead(tenant);
    } finally {
      await startInvalidationListener();
    }
  });
});
