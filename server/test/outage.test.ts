/**
 * Outages fail fast and heal by themselves (docs/reliability.md). This file runs against
 * a Redis of its own and reaches PostgreSQL through a proxy it can cut, so it can take
 * either away and give it back without touching what other test files use: with one
 * down, requests answer within 2 s and the health answer names it: with Redis stopped or
 * frozen, as usual (sign-in, chat, invitations and password resets, whose e-mails are owed
 * in the mail outbox: the answers docs/reliability.md promises, and a signed-out cookie or
 * a removed member is refused at once); with PostgreSQL
 * unreachable, 503 `unavailable` with Retry-After. Once it is back, everything works again
 * in the same process, with no restart.
 */
import { db } from "@sched/core/db/client";
import { chatMessages, mailOutbox, passwordResets } from "@sched/core/db/schema";
import { buildTenant, PASSWORD, uniqueEmail } from "@sched/core/test/factories";
import { type ChatMessageDTO, companyRoom } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import express from "express";
import pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkHealth, HEALTH_CHECK_TIMEOUT_MS, healthHandler } from "../src/http/health";
import { REVALIDATE_EVERY_MS } from "../src/realtime/revalidate";
import { freePort, startOwnRedis, timed, waitFor } from "./outage-support";
import { askForReset } from "./password-reset-support";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const { redisPort, databaseProxy, sharedEnv } = await vi.hoisted(async () => {
  const { freePort, startTcpProxy } = await import("./outage-support");
  const shared = { REDIS_URL: process.env.REDIS_URL, DATABASE_URL: process.env.DATABASE_URL };
  const port = await freePort();
  const databaseUrl = new URL(process.env.DATABASE_URL ?? "");
  const proxy = await startTcpProxy(Number(databaseUrl.port || 5432), databaseUrl.hostname);
  databaseUrl.hostname = "127.0.0.1";
  databaseUrl.port = String(proxy.port);
  // Read at import by core's config: set before anything below is imported. The Redis
  // itself starts in beforeAll (the app's connections reach it within a second).
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  process.env.DATABASE_URL = databaseUrl.toString();
  // The production default the 2 s promise rests on (core/test/env.ts gives other tests more).
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "1000";
  return { redisPort: port, databaseProxy: proxy, sharedEnv: shared };
});

/** Every answer during an outage comes within this (the bound). */
const ANSWER_WITHIN_MS = 2000;

type Tenant = Awaited<ReturnType<typeof buildTenant>>;
let tenant: Tenant;
let agent: Awaited<ReturnType<typeof agentFor>>;
let ownRedis: Awaited<ReturnType<typeof startOwnRedis>>;
const gateways: Awaited<ReturnType<typeof startGateway>>[] = [];

beforeAll(async () => {
  ownRedis = await startOwnRedis(redisPort);
  await waitFor(isHealthy, "health 200 once this file's Redis is up");
  tenant = await buildTenant();
  agent = await agentFor(tenant.owner);
  // Two gateways, as two web processes: events published through the second reach the
  // first's sockets only through Redis, so its adapter's recovery is what is tested.
  gateways.push(await startGateway(), await startGateway());
});

afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  await ownRedis?.stop();
  Object.assign(process.env, sharedEnv);
});

const chatUrl = () => `/api/chat?companyId=${tenant.company.id}`;
const postChat = (message: string) => agent.post("/api/chat").send({ companyId: tenant.company.id, message });
const storedMessages = (message: string) =>
  db.select().from(chatMessages).where(eq(chatMessages.message, message));

/** The answer docs/reliability.md promises during a Redis outage: the usual one, never a 503. */
function expectAsUsual(res: request.Response, status: number) {
  expect({ status: res.status, body: res.status === status ? "as usual" : res.body }).toEqual({
    status,
    body: "as usual",
  });
}

const isHealthy = async () => (await anonymous().get("/api/health")).status === 200;

/** The e-mail owed in the mail outbox for `subjectId`: in PostgreSQL, whatever Redis does. */
const owedMail = async (kind: "invitation" | "password_reset", subjectId: string) =>
  (
    await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.subjectId, subjectId)))
  )[0];

/** Asks for a reset of `user` and resolves with the reset's id once its row (written after the 202) is in. */
async function resetAskedFor(user: { id: string; email: string }): Promise<string> {
  const { value: res, ms } = await timed(() => askForReset(user.email));
  expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
  expect(res.status).toBe(202);
  let resetId: string | undefined;
  await waitFor(async () => {
    [{ id: resetId } = { id: undefined }] = await db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    return resetId !== undefined;
  }, "the reset row");
  return resetId ?? "";
}

describe("with Redis stopped", () => {
  let lastMessageId: string;
  let invitationId: string;

  it("is healthy and chats normally before the outage", async () => {
    const health = await anonymous().get("/api/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ postgres: "ok", redis: "ok" });
    const sent = await postChat("Before the outage");
    expect(sent.status).toBe(201);
    lastMessageId = sent.body.id;
  });

  it("says so on /api/health within about a second: 503, redis down", async () => {
    await ownRedis.stop();
    const { value: res, ms } = await timed(() => anonymous().get("/api/health"));
    expect(ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 500);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ postgres: "ok", redis: "down" });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("signs in within 2 s, as usual", async () => {
    const { value: res, ms } = await timed(() =>
      anonymous().post("/api/login").send({ email: tenant.admin.email, password: PASSWORD }),
    );
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expectAsUsual(res, 200);
  });

  it("answers the chat poll within 2 s, from the table", async () => {
    const { value: poll, ms } = await timed(() => agent.get(`${chatUrl()}&after=${lastMessageId}`));
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expectAsUsual(poll, 200);
    expect(poll.body).toEqual([]);
    const { value: latest, ms: latestMs } = await timed(() => agent.get(chatUrl()));
    expect(latestMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(latest.status).toBe(200);
    expect(latest.body.map((m: ChatMessageDTO) => m.id)).toContain(lastMessageId);
  });

  it("stores a chat post and answers it 201 within 2 s", async () => {
    const text = `During the outage ${uniqueEmail("chat")}`;
    const { value: res, ms } = await timed(() => postChat(text));
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expectAsUsual(res, 201);
    const stored = await storedMessages(text);
    expect(stored.map((row) => row.id)).toEqual([res.body.id]);
    // A poll from the cursor before it finds it: the stale Redis pointer is not trusted.
    const poll = await agent.get(`${chatUrl()}&after=${lastMessageId}`);
    expect(poll.status).toBe(200);
    expect(poll.body.map((m: ChatMessageDTO) => m.id)).toEqual([res.body.id]);
    lastMessageId = res.body.id;
  });

  it("creates an invitation and a password reset within 2 s; their e-mails are owed in PostgreSQL", async () => {
    const { value: res, ms } = await timed(() =>
      agent
        .post(`/api/companies/${tenant.company.id}/invitations`)
        .send({ email: uniqueEmail("outage-invite") }),
    );
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(res.status).toBe(201);
    invitationId = res.body.id;
    expect(await owedMail("invitation", invitationId)).toMatchObject({
      companyId: tenant.company.id,
      sentAt: null,
    });
    const resetId = await resetAskedFor(tenant.employeeUser);
    expect(await owedMail("password_reset", resetId)).toMatchObject({ sentAt: null });
  });

  it("comes back by itself once Redis is back: health, sign-in, chat and realtime; the e-mail is still owed", async () => {
    await ownRedis.start();
    await waitFor(isHealthy, "health 200 after Redis returned");
    expect((await anonymous().get("/api/health")).body).toEqual({ postgres: "ok", redis: "ok" });

    const login = await anonymous()
      .post("/api/login")
      .send({ email: tenant.admin.email, password: PASSWORD });
    expect(login.status).toBe(200);

    // Redis came back empty; the e-mail waits in the outbox for a worker's poll (no worker runs here).
    expect(await owedMail("invitation", invitationId)).toMatchObject({ sentAt: null });

    // The first gateway's subscriber is back: an event published through the second reaches it.
    const [first] = gateways;
    const socket = await connectSocket(first.url, { Cookie: await sessionCookieFor(tenant.owner) });
    try {
      // The subscriber may still be re-subscribing: a message sent before that is lost, so resend until one arrives.
      let received: ChatMessageDTO | undefined;
      await waitFor(async () => {
        const arrival = nextEvent<ChatMessageDTO>(socket, "chat.message", 500).catch(() => undefined);
        const sent = await postChat(`After the outage ${uniqueEmail("chat")}`);
        expect(sent.status).toBe(201);
        received = await arrival;
        return received?.id === sent.body.id;
      }, "a chat.message through Redis");
      const poll = await agent.get(`${chatUrl()}&after=${lastMessageId}`);
      expect(poll.status).toBe(200);
      expect(poll.body.map((m: ChatMessageDTO) => m.id)).toContain(received?.id);
    } finally {
      socket.close();
    }
  });
});

describe("with Redis frozen (connected, never answering)", () => {
  afterAll(() => ownRedis.resume());

  it("answers health, sign-in, chat poll and chat post within 2 s", async () => {
    ownRedis.pause();
    const { value: health, ms: healthMs } = await timed(() => anonymous().get("/api/health"));
    expect(healthMs).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 500);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ postgres: "ok", redis: "down" });

    const { value: login, ms: loginMs } = await timed(() =>
      anonymous().post("/api/login").send({ email: tenant.admin.email, password: PASSWORD }),
    );
    expect(loginMs).toBeLessThan(ANSWER_WITHIN_MS);
    expectAsUsual(login, 200);

    const { value: poll, ms: pollMs } = await timed(() => agent.get(chatUrl()));
    expect(pollMs).toBeLessThan(ANSWER_WITHIN_MS);
    expectAsUsual(poll, 200);

    const text = `While Redis is frozen ${uniqueEmail("chat")}`;
    const { value: sent, ms: sentMs } = await timed(() => postChat(text));
    expect(sentMs).toBeLessThan(ANSWER_WITHIN_MS);
    expectAsUsual(sent, 201);
    const stored = await storedMessages(text);
    expect(stored.map((row) => row.id)).toEqual([sent.body.id]);

    const { value: invited, ms: invitedMs } = await timed(() =>
      agent
        .post(`/api/companies/${tenant.company.id}/invitations`)
        .send({ email: uniqueEmail("frozen-invite") }),
    );
    expect(invitedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expectAsUsual(invited, 201);
    expect(await owedMail("invitation", invited.body.id)).toMatchObject({ sentAt: null });
    const resetId = await resetAskedFor(tenant.admin);
    expect(await owedMail("password_reset", resetId)).toMatchObject({ sentAt: null });
  });

  it("refuses a signed-out cookie and a removed member on their next request, while frozen", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const [ownerAgent, leaving, removed] = await Promise.all([
      agentFor(owner),
      agentFor(admin),
      agentFor(employeeUser),
    ]);
    const chatOf = (someone: typeof leaving) => someone.get(`/api/chat?companyId=${company.id}`);
    expect((await chatOf(leaving)).status).toBe(200);
    expect((await chatOf(removed)).status).toBe(200);

    ownRedis.pause();
    const { value: logout, ms: logoutMs } = await timed(() => leaving.post("/api/logout"));
    expect(logoutMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(logout.status).toBeLessThan(300);
    expectAsUsual(await chatOf(leaving), 401);

    const { value: removal, ms: removalMs } = await timed(() =>
      ownerAgent.delete(`/api/companies/${company.id}/users/${employeeUser.id}`),
    );
    expect(removalMs).toBeLessThan(ANSWER_WITHIN_MS);
    expectAsUsual(removal, 204);
    expect([403, 404]).toContain((await chatOf(removed)).status);
  });

  it("takes a signed-out session's and a removed member's sockets on another process out within seconds, while frozen", {
    timeout: 40_000,
  }, async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const [ownerAgent, leavingCookie] = await Promise.all([agentFor(owner), sessionCookieFor(admin)]);
    // The sockets are on the first gateway; the requests publish through the second, whose
    // word reaches the first only through Redis: frozen, so only the periodic check can act.
    const [other] = gateways;
    const [staying, signedOut, removed] = await Promise.all([
      connectSocket(other.url, { Cookie: await sessionCookieFor(owner) }),
      connectSocket(other.url, { Cookie: leavingCookie }),
      connectSocket(other.url, { Cookie: await sessionCookieFor(employeeUser) }),
    ]);
    const roomsOfRemoved = () =>
      [...other.io.of("/").sockets.values()].find((socket) => socket.data.userId === employeeUser.id)?.rooms;
    expect(roomsOfRemoved()?.has(companyRoom(company.id))).toBe(true);
    try {
      ownRedis.pause();
      const disconnected = new Promise((resolve) => signedOut.once("disconnect", resolve));
      expect((await anonymous().post("/api/logout").set("Cookie", leavingCookie)).status).toBeLessThan(300);
      expect((await ownerAgent.delete(`/api/companies/${company.id}/users/${employeeUser.id}`)).status).toBe(
        204,
      );

      await disconnected;
      await waitFor(
        async () => roomsOfRemoved()?.has(companyRoom(company.id)) === false,
        "the removed member's socket out of the company's room",
        REVALIDATE_EVERY_MS * 3,
      );
      // What this process publishes now reaches the company's members only.
      const heardByRemoved: unknown[] = [];
      removed.on("chat.message", (message) => heardByRemoved.push(message));
      const heardByStaying = nextEvent<{ id: string }>(staying, "chat.message");
      other.io.to(companyRoom(company.id)).emit("chat.message", { id: "after-removal" } as never);
      expect((await heardByStaying).id).toBe("after-removal");
      expect(heardByRemoved).toEqual([]);
    } finally {
      ownRedis.resume();
      for (const socket of [staying, signedOut, removed]) socket.close();
    }
  });

  it("comes back by itself once Redis answers again", async () => {
    ownRedis.resume();
    await waitFor(isHealthy, "health 200 after Redis answered again");
    const login = await anonymous()
      .post("/api/login")
      .send({ email: tenant.admin.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const sent = await postChat(`After the freeze ${uniqueEmail("chat")}`);
    expect(sent.status).toBe(201);
    const latest = await agent.get(chatUrl());
    expect(latest.body.map((m: ChatMessageDTO) => m.id)).toContain(sent.body.id);
  });
});

describe("with PostgreSQL unreachable", () => {
  it("says so on /api/health within about a second: 503, postgres down", async () => {
    await databaseProxy.cut();
    try {
      const { value: res, ms } = await timed(() => anonymous().get("/api/health"));
      expect(ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 500);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ postgres: "down", redis: "ok" });
      // A request that needs the database fails fast too (the session is read from it).
      const { value: poll, ms: pollMs } = await timed(() => agent.get(chatUrl()));
      expect(pollMs).toBeLessThan(ANSWER_WITHIN_MS);
      expect(poll.status).toBe(503);
      expect(poll.body.code).toBe("unavailable");
      expect(poll.headers["retry-after"]).toBeDefined();
    } finally {
      await databaseProxy.restore();
    }
  });

  it("comes back by itself once PostgreSQL is reachable again", async () => {
    await waitFor(isHealthy, "health 200 after PostgreSQL returned");
    const login = await anonymous()
      .post("/api/login")
      .send({ email: tenant.admin.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const poll = await agent.get(chatUrl());
    expect(poll.status).toBe(200);
  });

  it("names a refused or silent dependency down within about a second", async () => {
    // Nothing listens on a port just found free: the pool's connection is refused.
    const closed = new pg.Pool({ host: "127.0.0.1", port: await freePort() });
    const app = express().get(
      "/health",
      healthHandler({ postgres: () => closed.query("select 1"), hanging: () => new Promise(() => {}) }),
    );
    const { value: res, ms } = await timed(() => request(app).get("/health"));
    expect(ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 500);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ postgres: "down", hanging: "down" });
    expect(await checkHealth({ ok: async () => 1 })).toEqual({ ok: "ok" });
    await closed.end();
  });
});
