/**
 * The budget of the 3 s chat poll: an empty chat poll costs no database write and two
 * reads by index: the session row (connect-pg-simple, by its primary key) and the
 * membership (company_user, by its company and user), so a logout or a removal is in
 * force on the next poll. Every statement the app sends, through the pool or inside a
 * transaction, is a pg Client query, so counting those counts the poll's whole cost.
 */

import { db } from "@sched/core/db/client";
import { companyUsers, employees } from "@sched/core/db/schema";
import { buildEmployee, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordStatements } from "./statements";
import { agentFor } from "./support";

/** The reads of an empty poll, in order. */
const EMPTY_POLL_READS = [
  expect.stringMatching(/^SELECT sess FROM "sessions" WHERE sid = \$1/i),
  expect.stringMatching(
    /from "company_user" where \("company_user"\."company_id" = \$1 and "company_user"\."user_id" = \$2\) limit/i,
  ),
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the empty chat poll", () => {
  it("costs two indexed reads (the session, the membership) and no write", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const sent = await agent
      .post("/api/chat")
      .send({ companyId: company.id, message: "Anyone near Elm St?" });
    const url = `/api/chat?companyId=${company.id}&after=${sent.body.id}`;
    const first = await agent.get(url);
    expect([first.status, first.body]).toEqual([200, []]);
    const etag: string = first.headers.etag;

    // Plain (200 []) or conditional (304), the same two reads.
    for (const ifNoneMatch of [undefined, etag, undefined, etag]) {
      let status = 0;
      const queries = await recordStatements(async () => {
        const poll = agent.get(url);
        status = (await (ifNoneMatch ? poll.set("If-None-Match", ifNoneMatch) : poll)).status;
      });
      expect(status).toBe(ifNoneMatch ? 304 : 200);
      expect(queries.map((q) => q.text)).toEqual(EMPTY_POLL_READS);
      expect(queries.some((q) => /\b(insert|update|delete)\b/i.test(q.text))).toBe(false);
    }
  });

  it("costs the same in a chat without any message (no cursor yet)", async () => {
    const { company, employeeUser } = await buildTenant();
    const agent = await agentFor(employeeUser);
    const url = `/api/chat?companyId=${company.id}`;
    expect((await agent.get(url)).body).toEqual([]);
    let body: unknown;
    const queries = await recordStatements(async () => {
      body = (await agent.get(url)).body;
    });
    expect(body).toEqual([]);
    expect(queries.map((q) => q.text)).toEqual(EMPTY_POLL_READS);
  });

  it("returns to the two reads after the newest message went with its sender", async () => {
    const { company, owner } = await buildTenant();
    const leaver = await buildEmployee(company.id, { name: "Leo Leaving", initials: "LL" });
    const agent = await agentFor(owner);
    const send = (message: string) => agent.post("/api/chat").send({ companyId: company.id, message });
    const kept = await send("stays");
    // The owner is Leo on the roster for the next message, which goes when Leo is deleted.
    await db.update(companyUsers).set({ employeeId: leaver.id }).where(eq(companyUsers.userId, owner.id));
    await send("goes");
    await db.delete(employees).where(eq(employees.id, leaver.id));

    const url = `/api/chat?companyId=${company.id}&after=${kept.body.id}`;
    // The table shows nothing after "stays": the pointer to the deleted message is replaced.
    const first = await agent.get(url);
    expect(first.body).toEqual([]);
    let status = 0;
    const queries = await recordStatements(async () => {
      status = (await agent.get(url).set("If-None-Match", first.headers.etag)).status;
    });
    expect(status).toBe(304);
    expect(queries.map((q) => q.text)).toEqual(EMPTY_POLL_READS);
  });

  it("reads chat_message only when something is new", async () => {
    const { company, owner, admin } = await buildTenant();
    const reader = await agentFor(owner);
    const writer = await agentFor(admin);
    const first = await writer.post("/api/chat").send({ companyId: company.id, message: "first" });
    const url = `/api/chat?companyId=${company.id}&after=${first.body.id}`;
    await reader.get(url);
    await writer.post("/api/chat").send({ companyId: company.id, message: "second" });

    let body: { message: string }[] = [];
    const queries = await recordStatements(async () => {
      body = (await reader.get(url)).body;
    });
    expect(body.map((m) => m.message)).toEqual(["second"]);
    expect(queries.filter((q) => /chat_message/.test(q.text))).toHaveLength(2);
    expect(queries.some((q) => /\b(insert|update|delete)\b/i.test(q.text))).toBe(false);
  });
});
