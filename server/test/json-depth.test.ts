/**
 * JSON nested deeper than MAX_JSON_DEPTH is refused with 400 on every route, before any work:
 * the Idempotency-Key fingerprint (and anything else that walks the body) never sees it, so a
 * body nested thousands deep cannot overflow the stack into a 500.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { chatMessages, jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from "../src/http/json-depth";
import { type Agent, agentFor, anonymous } from "./support";

/** `{"a":{"a":...1...}}` nested `depth` levels, as raw text (JSON.stringify itself would recurse). */
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
/** A real body whose one field holds `[[[...]]]` nested to make the whole body `depth` deep. */
const withNestedField = (fields: Record<string, unknown>, depth: number) =>
  `${JSON.stringify(fields).slice(0, -1)},"extra":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

const THOUSANDS = 10_000;

async function send(agent: Agent, method: "post" | "put", url: string, body: string, key?: string) {
  const req = agent[method](url).set("Content-Type", "application/json");
  if (key) req.set("Idempotency-Key", key);
  return req.send(body);
}

function expectTooDeep(res: { status: number; body: unknown }) {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 400,
    body: { message: TOO_DEEP_MESSAGE, code: "validation" },
  });
}

describe("JSON nested too deep", () => {
  it("answers 400 on creates with an Idempotency-Key, thousands deep or one level too deep, and makes nothing", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const job = { companyId: company.id, employeeId: employee.id, type: "Plumbing", location: "1 Oak St" };
    for (const body of [
      nestedObjects(THOUSANDS),
      withNestedField({ ...job, date: "2026-11-25" }, MAX_JSON_DEPTH + 1),
    ]) {
      expectTooDeep(await send(agent, "post", "/api/jobs", body, randomUUID()));
    }
    const chat = { companyId: company.id, message: "Hi" };
    expectTooDeep(await send(agent, "post", "/api/chat", withNestedField(chat, THOUSANDS), randomUUID()));
    expectTooDeep(await send(agent, "post", "/api/chat", withNestedField(chat, MAX_JSON_DEPTH + 1)));
    expectTooDeep(await send(agent, "post", "/api/customers", nestedObjects(THOUSANDS), randomUUID()));

    expect(await db.select().from(jobs).where(eq(jobs.companyId, company.id))).toEqual([]);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.companyId, company.id))).toEqual([]);
  });

  it("answers 400 on a job change, with and without a key, and leaves the job as it was", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const agent = await agentFor(owner);
    const change = { status: "completed", version: job.version };
    expectTooDeep(
      await send(agent, "put", `/api/jobs/${job.id}`, withNestedField(change, THOUSANDS), randomUUID()),
    );
    expectTooDeep(
      await send(agent, "put", `/api/jobs/${job.id}`, withNestedField(change, MAX_JSON_DEPTH + 1)),
    );
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored.version).toBe(job.version);
  });

  it("answers 400 before signing in, on the sign-in route", async () => {
    expectTooDeep(await send(anonymous(), "post", "/api/login", nestedObjects(THOUSANDS)));
  });

  it("lets a body at the limit through to the route's own rules", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const res = await send(
      agent,
      "post",
      "/api/chat",
      withNestedField({ companyId: company.id, message: "Hi" }, MAX_JSON_DEPTH),
    );
    expect(res.body.message).not.toBe(TOO_DEEP_MESSAGE);
  });
});
