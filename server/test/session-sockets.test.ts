/**
 * A socket lives no longer than its session and its memberships: logout, session expiry
 * and removal from a company disconnect it within a second (docs/realtime.md).
 */
import { db } from "@sched/core/db/client";
import { companyUsers, sessions } from "@sched/core/db/schema";
import { currentPublisher, publish, setPublisher } from "@sched/core/publish";
import { buildCompany, buildTenant, PASSWORD } from "@sched/core/test/factories";
import { eq, sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

type Gateway = Awaited<ReturnType<typeof startGateway>>;

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

const SECOND = 1000;

/** The session id inside a `sched.sid=s:<id>.<signature>` cookie. */
const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]).slice(2).split(".")[0];

/** When `socket` disconnects (epoch ms): compared with when the request was answered, on a busy machine too. */
function disconnectTime(socket: Socket): Promise<number> {
  return new Promise((resolve) => socket.once("disconnect", () => resolve(Date.now())));
}

/** Records every event a socket receives, to prove later that something never arrived. */
function recordEvents(socket: Socket) {
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  return events;
}

/** Publishes a marker and waits for it on `witness`: anything sent before it has arrived by then. */
async function flush(witness: Socket, companyId: string) {
  const marker = nextEvent(witness, "subscription.updated");
  publish(companyId, "subscription.updated", { companyId });
  await marker;
}

describe("logout", () => {
  it("disconnects the session's sockets within a second; no company event reaches them after", async () => {
    const { company, owner, admin } = await buildTenant();
    const cookie = await sessionCookieFor(owner);
    const socket = await connectSocket(gateway.url, { Cookie: cookie });
    const otherSession = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const witness = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(admin) });
    // The other sockets' arrival is told to the room (`presence.online`); let it land first.
    await flush(witness, company.id);
    const heard = recordEvents(socket);

    const disconnected = disconnectTime(socket);
    expect((await anonymous().post("/api/logout").set("Cookie", cookie)).status).toBe(200);
    const answeredAt = Date.now();
    expect((await disconnected) - answeredAt).toBeLessThan(SECOND);
    publish(company.id, "job.deleted", { id: "after-logout", companyId: company.id });
    await flush(witness, company.id);
    expect(heard).toEqual([]);
    expect(socket.connected).toBe(false);
    // Only that session ended: the same user's other sign-in keeps its socket.
    expect(otherSession.connected).toBe(true);
    const stillHeard = nextEvent(otherSession, "subscription.updated");
    await flush(witness, company.id);
    await stillHeard;
    // Its reconnection is refused: the session is gone.
    await expect(connectSocket(gateway.url, { Cookie: cookie })).rejects.toThrow(/Not signed in/);
    for (const open of [otherSession, witness]) open.close();
  });

  it("reaches sockets through Redis, as from any other process", async () => {
    const { owner } = await buildCompany();
    const cookie = await sessionCookieFor(owner);
    const socket = await connectSocket(gateway.url, { Cookie: cookie });
    // Without this process's gateway as publisher, the order goes out by the Redis emitter,
    // the way another web process's gateway receives it.
    const gatewayPublisher = currentPublisher();
    setPublisher(undefined);
    try {
      const disconnected = disconnectTime(socket);
      expect((await anonymous().post("/api/logout").set("Cookie", cookie)).status).toBe(200);
      const answeredAt = Date.now();
      expect((await disconnected) - answeredAt).toBeLessThan(SECOND);
    } finally {
      setPublisher(gatewayPublisher);
    }
  });

  it("ends the sockets of the session a new sign-in in the same browser replaces", async () => {
    const { owner } = await buildCompany();
    const cookie = await sessionCookieFor(owner);
    const socket = await connectSocket(gateway.url, { Cookie: cookie });
    const disconnected = disconnectTime(socket);
    const again = await anonymous()
      .post("/api/login")
      .set("Cookie", cookie)
      .send({ email: owner.email, password: PASSWORD });
    expect(again.status).toBe(200);
    const answeredAt = Date.now();
    expect((await disconnected) - answeredAt).toBeLessThan(SECOND);
  });
});

describe("session expiry", () => {
  it("disconnects a socket when its session expires", async () => {
    const { owner } = await buildCompany();
    const cookie = await sessionCookieFor(owner);
    const expiresAt = new Date(Date.now() + 3 * SECOND);
    await db
      .update(sessions)
      .set({
        sess: sql`jsonb_set(${sessions.sess}, '{cookie,expires}', to_jsonb(${expiresAt.toISOString()}::text))`,
        expire: expiresAt,
      })
      .where(eq(sessions.sid, sessionIdOf(cookie)));
    const socket = await connectSocket(gateway.url, { Cookie: cookie });
    const reason = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    const disconnected = disconnectTime(socket);
    expect(await reason).toBe("io server disconnect");
    expect((await disconnected) - expiresAt.getTime()).toBeGreaterThanOrEqual(0);
    expect((await disconnected) - expiresAt.getTime()).toBeLessThan(SECOND);
    await expect(connectSocket(gateway.url, { Cookie: cookie })).rejects.toThrow(/Not signed in/);
  });
});

describe("removal from a company", () => {
  it("tells the removed member, disconnects them, and their next socket hears only the companies left", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const kept = await buildCompany();
    await db
      .insert(companyUsers)
      .values({ companyId: kept.company.id, userId: employeeUser.id, role: "employee" });
    const cookie = await sessionCookieFor(employeeUser);
    const removed = await connectSocket(gateway.url, { Cookie: cookie });
    const witness = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });

    const ownerAgent = await agentFor(owner);
    const told = nextEvent(removed, "member.removed", 10 * SECOND);
    const disconnected = disconnectTime(removed);
    const res = await ownerAgent.delete(`/api/companies/${company.id}/users/${employeeUser.id}`);
    expect(res.status).toBe(204);
    const answeredAt = Date.now();
    // The event first, then the disconnect: the removed tabs learn why.
    expect(await told).toEqual({ companyId: company.id, userId: employeeUser.id });
    expect((await disconnected) - answeredAt).toBeLessThan(SECOND);

    const again = await connectSocket(gateway.url, { Cookie: cookie });
    const heard = recordEvents(again);
    const fromKept = nextEvent(again, "subscription.updated");
    publish(company.id, "job.deleted", { id: "after-removal", companyId: company.id });
    await flush(witness, company.id);
    publish(kept.company.id, "subscription.updated", { companyId: kept.company.id });
    expect(await fromKept).toEqual({ companyId: kept.company.id });
    expect(heard).toEqual(["subscription.updated"]);
    for (const open of [again, witness]) open.close();
  });
});
