/**
 * The abuse limits (docs/api.md): each answers 429 `rate_limited` with
 * Retry-After and the time to wait, at its count and not before.
 */
import { randomInt } from "node:crypto";
import { vi } from "vitest";

// The registration limit at its default: the other test files raise it (they all register from 127.0.0.1).
vi.hoisted(() => {
  delete process.env.REGISTRATIONS_PER_IP_PER_HOUR;
});

import { db } from "@sched/core/db/client";
import { chatMessages, employeeInvitations } from "@sched/core/db/schema";
import { invitationsByCompany, invitationsByNetwork } from "@sched/core/limits";
import { getEmailQueue, invitationEmailJobId } from "@sched/core/queues";
import { redis } from "@sched/core/redis";
import { buildCompany, buildTenant, PASSWORD, uniqueEmail } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const HOUR = 60 * 60;

/** Each test is its own "client" (X-Forwarded-For), so one test's counts never reach another. */
const freshIp = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

function expectRefused(res: Response, message: string, retryAfter: { above: number; atMost: number }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ code: "rate_limited", message });
  const seconds = Number(res.headers["retry-after"]);
  expect(seconds).toBeGreaterThan(retryAfter.above);
  expect(seconds).toBeLessThanOrEqual(retryAfter.atMost);
}

const invitationsUrl = (companyId: string) => `/api/companies/${companyId}/invitations`;
const invitationsOf = (companyId: string, email: string) =>
  db
    .select()
    .from(employeeInvitations)
    .where(and(eq(employeeInvitations.companyId, companyId), eq(employeeInvitations.email, email)));

/** The e-mail jobs queued for these invitation ids, whatever their state. */
async function emailJobsFor(invitationIds: string[]) {
  const jobs = await Promise.all(
    [...new Set(invitationIds)].map((id) => getEmailQueue().getJob(invitationEmailJobId(id))),
  );
  return jobs.filter((job) => job !== undefined);
}

describe("registrations", () => {
  it("answer 429 from the 11th account one address makes in an hour", { timeout: 60_000 }, async () => {
    const ip = freshIp();
    const register = (from: string) =>
      anonymous()
        .post("/api/register")
        .set("X-Forwarded-For", from)
        .send({
          email: uniqueEmail("signup"),
          password: "long-enough-1",
          firstName: "Sam",
          lastName: "Signup",
          companyName: "Signup Co",
        });
    for (let i = 0; i < 10; i++) expect((await register(ip)).status).toBe(201);
    expectRefused(
      await register(ip),
      "Too many accounts were created from this network. Try again in 60 minutes.",
      { above: HOUR - 60, atMost: HOUR },
    );
    expect((await register(freshIp())).status).toBe(201);
  });
});

describe("sign-in", () => {
  it("keeps counting in memory while Redis is away: the owner signs in, the guesser is stopped", async () => {
    const { owner } = await buildCompany();
    const attacker = freshIp();
    const login = (ip: string, password: string) =>
      anonymous().post("/api/login").set("X-Forwarded-For", ip).send({ email: owner.email, password });
    redis.disconnect();
    try {
      for (let i = 0; i < 5; i++) expect((await login(attacker, "wrong-password")).status).toBe(401);
      expectRefused(await login(attacker, PASSWORD), "Too many failed attempts. Try again in 15 minutes.", {
        above: 14 * 60,
        atMost: 15 * 60,
      });
      expect((await login(freshIp(), PASSWORD)).status).toBe(200);
    } finally {
      await redis.connect();
    }
  });

  it("clears an address's count for the account when it signs in", async () => {
    const { owner } = await buildCompany();
    const ip = freshIp();
    const login = (password: string) =>
      anonymous().post("/api/login").set("X-Forwarded-For", ip).send({ email: owner.email, password });
    for (let i = 0; i < 4; i++) expect((await login("wrong-password")).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login("wrong-password")).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(200);
  });
});

describe("chat posts", () => {
  it("answer 429 from a user's 31st message in a minute, and store nothing", {
    timeout: 60_000,
  }, async () => {
    const { company, owner, admin } = await buildTenant();
    const agent = await agentFor(owner);
    const post = (from: typeof agent, message: string) =>
      from.post("/api/chat").send({ companyId: company.id, message });
    for (let i = 0; i < 30; i++) expect((await post(agent, `m${i}`)).status).toBe(201);
    const refused = await post(agent, "one too many");
    expect(refused.body.message).toMatch(
      /^You are sending messages too fast\. Try again in (\d+ seconds?|1 minute)\.$/,
    );
    expectRefused(refused, refused.body.message, { above: 0, atMost: 60 });
    const stored = await db.select().from(chatMessages).where(eq(chatMessages.companyId, company.id));
    expect(stored).toHaveLength(30);
    // The limit is the sender's own: a colleague still posts.
    expect((await post(await agentFor(admin), "my turn")).status).toBe(201);
  });
});

describe("invitations", () => {
  it("answer 429 from a company's 21st invitation in an hour", { timeout: 60_000 }, async () => {
    const { company, owner } = await buildCompany();
    const agent = await agentFor(owner);
    const invite = (email: string) => agent.post(invitationsUrl(company.id)).send({ email });
    for (let i = 0; i < 20; i++) expect((await invite(uniqueEmail(`team${i}`))).status).toBe(201);
    const email = uniqueEmail("one-too-many");
    expectRefused(
      await invite(email),
      "This company has sent too many invitations. Try again in 60 minutes.",
      {
        above: HOUR - 60,
        atMost: HOUR,
      },
    );
    expect(await invitationsOf(company.id, email)).toEqual([]);
  });

  it("answer 429 to the 4th invitation e-mail to one address in a day, from any company", async () => {
    const email = uniqueEmail("popular");
    const inviteFromNewCompany = async () => {
      const { company, owner } = await buildCompany();
      const res = await (await agentFor(owner)).post(invitationsUrl(company.id)).send({ email });
      return { company, res };
    };
    for (let i = 0; i < 3; i++) expect((await inviteFromNewCompany()).res.status).toBe(201);
    const { company, res } = await inviteFromNewCompany();
    expectRefused(res, "This address has received too many invitations. Try again in 24 hours.", {
      above: 24 * HOUR - 60,
      atMost: 24 * HOUR,
    });
    expect(await invitationsOf(company.id, email)).toEqual([]);
    // The refused request cost its company nothing.
    expect((await invitationsByCompany.limiter.get(company.id))?.consumedPoints ?? 0).toBe(0);
  });

  it("answer 429 past 100 invitation e-mails a day from one network, through any new accounts", async () => {
    const network = freshIp();
    const inviteFromNewAccount = async (ip: string) => {
      const { company, owner } = await buildCompany();
      const res = await (await agentFor(owner))
        .post(invitationsUrl(company.id))
        .set("X-Forwarded-For", ip)
        .send({ email: uniqueEmail("spread") });
      return { company, res };
    };
    // 98 sent already today from this network, by other accounts.
    await invitationsByNetwork.limiter.penalty(network, 98);
    for (let i = 0; i < 2; i++) expect((await inviteFromNewAccount(network)).res.status).toBe(201);
    const { company, res } = await inviteFromNewAccount(network);
    expectRefused(res, "Too many invitations were sent from this network. Try again in 24 hours.", {
      above: 24 * HOUR - 60,
      atMost: 24 * HOUR,
    });
    // The refused request cost its company nothing, and another network is not held back.
    expect((await invitationsByCompany.limiter.get(company.id))?.consumedPoints ?? 0).toBe(0);
    expect((await inviteFromNewAccount(freshIp())).res.status).toBe(201);
  });

  it("keep a pending invitation whose e-mail has not gone out: the new role, no second e-mail", async () => {
    const { company, owner } = await buildCompany();
    const agent = await agentFor(owner);
    const email = uniqueEmail("twice");
    const first = await agent.post(invitationsUrl(company.id)).send({ email, role: "employee" });
    const second = await agent.post(invitationsUrl(company.id)).send({ email, role: "admin" });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual({ ...first.body, role: "admin" });
    expect((await invitationsOf(company.id, email)).map((row) => row.role)).toEqual(["admin"]);
    expect(await emailJobsFor([first.body.id, second.body.id])).toHaveLength(1);
  });

  it("send one e-mail for twenty simultaneous re-invites of one address", { timeout: 60_000 }, async () => {
    const { company, owner } = await buildCompany();
    const agent = await agentFor(owner);
    const email = uniqueEmail("hurry");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => agent.post(invitationsUrl(company.id)).send({ email })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(201));
    const ids = answers.map((res) => res.body.id);
    expect(new Set(ids).size).toBe(1);
    expect(await invitationsOf(company.id, email)).toHaveLength(1);
    expect(await emailJobsFor(ids)).toHaveLength(1);
  });
});
