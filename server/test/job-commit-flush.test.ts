/**
 * A job's own change commits without waiting for the disk, its event goes out, and only
 * then is it waited for on disk, before the answer (docs/reliability.md, "A job's change:
 * seen first, on disk before its answer"). The flush statement is held back here to see
 * what has happened meanwhile.
 */

import { currentJobsVersion } from "@sched/core/cache/jobs-version";
import { pool } from "@sched/core/db/client";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DATABASE_UNAVAILABLE } from "../src/http/refusals";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { statementsDuring } from "./statements";
import { agentFor } from "./support";

const isFlush = (text: string) => text.includes("pg_logical_emit_message");
const textOf = (query: unknown) => (typeof query === "string" ? query : (query as { text: string }).text);

type Original = (...args: unknown[]) => unknown;

/** Ends the connection from the database's side, as a restart or failover does. */
const CONNECTION_LOST = "select pg_terminate_backend(pg_backend_pid())";

/** Marks the end of the held flush in the recorded statements. */
const FLUSH_DONE = "(flush done)";

/**
 * Holds the flush statement until `release`, or (`isLost`) loses the connection in its
 * place. Every statement's text is recorded in order, and FLUSH_DONE when the flush ends.
 */
function holdFlush(isLost = false) {
  const statements: string[] = [];
  let release = () => {};
  let flushSeen = () => {};
  const flushReached = new Promise<void>((resolve) => {
    flushSeen = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const original = pg.Client.prototype.query as Original;
  vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const text = textOf(args[0]);
    statements.push(text);
    if (!isFlush(text)) return original.apply(this, args);
    flushSeen();
    if (isLost) return original.apply(this, [{ text: CONNECTION_LOST }, ...args.slice(1)]);
    // The pool passes a callback: the flush ends when it is called.
    const callback = args.at(-1) as (...results: unknown[]) => void;
    const done = (...results: unknown[]) => {
      statements.push(FLUSH_DONE);
      callback(...results);
    };
    void gate.then(() => original.apply(this, [...args.slice(0, -1), done]));
  } as typeof pg.Client.prototype.query);
  return { statements, flushReached, release };
}

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("a job's change: seen first, on disk before its answer", () => {
  it("publishes the change before waiting for the disk, and answers only after", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24", time: "09:00" });
    const watcher = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(admin) });
    const agent = await agentFor(owner);
    // Connections at hand for what follows the flush, so that it would start at once if let.
    await Promise.all(Array.from({ length: 4 }, () => pool.query("select 1")));
    const event = nextEvent<JobDTO>(watcher, "job.updated");
    const { statements, flushReached, release } = holdFlush();

    // Sent at once (a supertest request starts when it is awaited or `then`ed).
    const answer = agent
      .put(`/api/jobs/${job.id}`)
      .send({ time: "10:00" })
      .then((res) => res);
    await flushReached;
    // Another person's board has the change while its flush is held,
    expect((await event).time).toBe("10:00");
    // and the list's version has moved on (its bump does not wait for the disk),
    await currentJobsVersion(company.id);
    // but what comes after the flush has not started, once all that was ready to run has run:
    // the bell's and the customer e-mail's reads (core/src/commands/save-job.ts, announce).
    await new Promise((resolve) => setImmediate(resolve));
    expect(isFlush(statements.at(-1) ?? "")).toBe(true);
    release();
    const res = await answer;
    expect([res.status, res.body.time, res.body.version]).toEqual([200, "10:00", job.version + 1]);

    const write = statements.findIndex((text) => /^update "jobs"/i.test(text));
    expect(statements[write]).toContain("set_config('synchronous_commit', 'off', true)");
    const flush = statements.findIndex(isFlush);
    expect(flush).toBeGreaterThan(write);
    // Nothing else (the bell, the customer's e-mail) went on before the flush ended.
    expect(statements[flush + 1]).toBe(FLUSH_DONE);
    expect(statements.length).toBeGreaterThan(flush + 2);
    watcher.close();
  });

  it("answers that the database is away, not the change, when the flush fails", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24", time: "09:00" });
    const agent = await agentFor(owner);
    holdFlush(true);

    const res = await agent.put(`/api/jobs/${job.id}`).send({ time: "10:00" });
    expect([res.status, res.body.code, res.body.message]).toEqual([503, "unavailable", DATABASE_UNAVAILABLE]);

    vi.restoreAllMocks();
    // Sent again once the database is back, the change is answered.
    const again = await agent.put(`/api/jobs/${job.id}`).send({ time: "10:00" });
    expect([again.status, again.body.time]).toEqual([200, "10:00"]);
  });

  it("commits a change made in a transaction as before, with no flush", async () => {
    const { company, owner, employee } = await buildTenant();
    const other = await buildEmployee(company.id, { name: "Olga Other", initials: "OO" });
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24", time: "09:00" });
    const agent = await agentFor(owner);
    const statements = await statementsDuring(async () => {
      const res = await agent.put(`/api/jobs/${job.id}`).send({ employeeId: other.id });
      expect([res.status, res.body.employeeId]).toEqual([200, other.id]);
    });
    expect(statements.filter((text) => text.includes("synchronous_commit"))).toEqual([]);
    expect(statements.filter(isFlush)).toEqual([]);
  });
});
