/**
 * PostgreSQL drops the app's connections again and again during a burst of job changes
 * (docs/reliability.md): what the sockets heard, what the answers
 * said and what the database holds must agree. Nothing is announced that is not stored; an
 * answered change is stored; a change whose answer was a failure is either not stored or
 * found by a retry with the same Idempotency-Key, and no change is applied twice.
 *
 * The server cannot be killed under tests running side by side, so a killer connection
 * terminates this file's backends only (its pool's application_name) every few milliseconds.
 * Each change goes to a job of its own, so the job's row says whether that change is stored.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor } from "./support";

const APP_NAME = vi.hoisted(() => {
  // pg reads PGAPPNAME when the pool opens a connection: this file's backends carry it.
  const name = `burst_${Math.random().toString(16).slice(2, 10)}`;
  process.env.PGAPPNAME = name;
  return name;
});

const CHANGES = 40;
const RETRY_WITHIN_MS = 15_000;

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

/** Terminates every backend of this file's pool, over and over, until stopped. */
function startKilling(databaseUrl: string) {
  const killer = new pg.Client({
    connectionString: databaseUrl,
    application_name: `killer_${randomBytes(4).toString("hex")}`,
  });
  let isRunning = true;
  let kills = 0;
  const done = (async () => {
    await killer.connect();
    while (isRunning) {
      const { rowCount } = await killer.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()",
        [APP_NAME],
      );
      kills += rowCount ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await killer.end();
  })();
  return {
    stop: async () => {
      isRunning = false;
      await done;
      return kills;
    },
  };
}

type Change = { jobId: string; key: string; location: string; status?: number };

describe("job changes while the database connections are killed", () => {
  it("announces only stored changes, stores every answered one and applies none twice", {
    timeout: 60_000,
  }, async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    // One after another: 41 inserts at once waited out the pool's connect timeout on a loaded machine.
    const created: Awaited<ReturnType<typeof buildJob>>[] = [];
    for (let i = 0; i <= CHANGES; i++) created.push(await buildJob(company.id, employee.id));
    const sentinel = created.pop() as (typeof created)[number];
    const versionBefore = new Map(created.map((job) => [job.id, job.version]));

    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const heard: JobDTO[] = [];
    socket.on("job.updated", (job: JobDTO) => heard.push(job));

    const changes: Change[] = created.map((job, i) => ({
      jobId: job.id,
      key: randomUUID(),
      location: `Burst change ${i}`,
    }));
    const send = (change: Change) =>
      agent
        .put(`/api/jobs/${change.jobId}`)
        .set("Idempotency-Key", change.key)
        .send({ location: change.location })
        .then(
          (res) => res,
          () => undefined,
        );

    const killing = startKilling(process.env.DATABASE_URL ?? "");
    const answers = await Promise.all(changes.map(send));
    const kills = await killing.stop();
    expect(kills).toBeGreaterThan(0);
    changes.forEach((change, i) => {
      change.status = answers[i]?.status;
    });

    // Every answer is a success or a 503 a client can act on; never another failure.
    for (const res of answers) {
      if (res && res.status !== 200)
        expect({ status: res.status, code: res.body.code }).toEqual({ status: 503, code: "unavailable" });
    }

    // A client retries each failed change with its key until it is answered.
    for (const change of changes.filter((c) => c.status !== 200)) {
      const deadline = Date.now() + RETRY_WITHIN_MS;
      let res = await send(change);
      while (res?.status !== 200 && Date.now() < deadline) res = await send(change);
      expect({ status: res?.status, body: res?.status === 200 ? "ok" : res?.body }).toEqual({
        status: 200,
        body: "ok",
      });
      expect(res?.body.location).toBe(change.location);
    }

    // The sentinel's event comes after every event the burst published (one room, in order).
    const sentinelHeard = nextEvent<JobDTO>(socket, "job.updated", 10_000);
    expect((await agent.put(`/api/jobs/${sentinel.id}`).send({ location: "Sentinel" })).status).toBe(200);
    await sentinelHeard;
    socket.close();

    const stored = new Map(
      (
        await db
          .select()
          .from(jobs)
          .where(
            inArray(
              jobs.id,
              created.map((job) => job.id),
            ),
          )
      ).map((row) => [row.id, row]),
    );
    for (const change of changes) {
      const row = stored.get(change.jobId);
      // Stored, by its first answer or its retry, and applied once: one version more.
      expect({ firstAnswer: change.status, location: row?.location, version: row?.version }).toEqual({
        firstAnswer: change.status,
        location: change.location,
        version: (versionBefore.get(change.jobId) ?? 0) + 1,
      });
    }
    // Nothing announced that is not stored, as announced.
    for (const event of heard.filter((job) => job.id !== sentinel.id)) {
      const row = stored.get(event.id);
      expect({ id: event.id, location: row?.location, version: row?.version }).toEqual({
        id: event.id,
        location: event.location,
        version: event.version,
      });
    }
  });
});
