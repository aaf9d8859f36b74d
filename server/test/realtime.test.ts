/**
 * The gateway's rules: who may connect, which rooms a socket is in, and that a member
 * removed from a company stops hearing it at once.
 */

import { db } from "@sched/core/db/client";
import { companyUsers } from "@sched/core/db/schema";
import { addUserToCompanyRoom, publish, removeUserFromCompanyRoom } from "@sched/core/publish";
import { buildCompany, buildTenant, buildUser } from "@sched/core/test/factories";
import { companyRoom } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { APP_ORIGIN, anonymous } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

const connectAs = async (user: { email: string }) =>
  connectSocket(gateway.url, { Cookie: await sessionCookieFor(user) });

/** Records every event a socket receives, to prove later that something never arrived. */
function recordEvents(socket: Socket) {
  const events: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  return events;
}

/** Publishes a marker and waits for it on `witness`: anything sent before it has arrived by then. */
async function flush(witness: Socket, companyId: string) {
  const marker = nextEvent(witness, "subscription.updated");
  publish(companyId, "subscription.updated", { companyId });
  await marker;
}

describe("the handshake", () => {
  it("refuses a handshake without a valid session", async () => {
    await expect(connectSocket(gateway.url)).rejects.toThrow(/Not signed in/);
    await expect(connectSocket(gateway.url, { Cookie: "sched.sid=s%3Aforged.sig" })).rejects.toThrow(
      /Not signed in/,
    );
  });

  it("refuses the cookie of a session that has signed out", async () => {
    const { owner } = await buildCompany();
    const cookie = await sessionCookieFor(owner);
    const socket = await connectSocket(gateway.url, { Cookie: cookie });
    socket.close();
    expect((await anonymous().post("/api/logout").set("Cookie", cookie)).status).toBeLessThan(300);
    await expect(connectSocket(gateway.url, { Cookie: cookie })).rejects.toThrow(/Not signed in/);
  });

  it("refuses a handshake from another origin", async () => {
    const { owner } = await buildCompany();
    const cookie = await sessionCookieFor(owner);
    await expect(
      connectSocket(gateway.url, { Cookie: cookie, Origin: "https://evil.example" }),
    ).rejects.toThrow();
    await expect(
      connectSocket(gateway.url, { Cookie: cookie, Origin: "http://app.test.evil.example" }),
    ).rejects.toThrow();
    const socket = await connectSocket(gateway.url, { Cookie: cookie, Origin: APP_ORIGIN });
    socket.close();
  });
});

describe("rooms", () => {
  it("delivers a company's events to its members and never to a non-member", async () => {
    const { company, owner } = await buildCompany();
    const stranger = await buildUser();
    const member = await connectAs(owner);
    const outsider = await connectAs(stranger);
    const leaked = recordEvents(outsider);

    const received = nextEvent<{ id: string }>(member, "job.deleted");
    publish(company.id, "job.deleted", { id: "job-1", companyId: company.id });
    expect(await received).toEqual({ id: "job-1", companyId: company.id });
    await flush(member, company.id);
    expect(leaked).toEqual([]);
    member.close();
    outsider.close();
  });

  it("never lets a socket into another company's board presence", async () => {
    const mine = await buildTenant();
    const theirs = await buildTenant();
    const intruder = await connectAs(mine.owner);
    const victim = await connectAs(theirs.owner);
    const heard = recordEvents(victim);

    const refused = await intruder.emitWithAck("presence.join", {
      companyId: theirs.company.id,
      weekStart: "2026-11-23",
    });
    expect(refused).toEqual({ ok: false, message: "You are not a member of this company" });
    const sockets = await gateway.io.in(companyRoom(theirs.company.id)).fetchSockets();
    expect(sockets.map((s) => s.data.userId)).toEqual([theirs.owner.id]);
    await flush(victim, theirs.company.id);
    expect(heard.map(([event]) => event)).toEqual(["subscription.updated"]);
    intruder.close();
    victim.close();
  });

  it("pushes a sent chat message to the company and a bell read mark to the user's own sockets only", async () => {
    const { company, owner, admin } = await buildTenant();
    const ownerSocket = await connectAs(owner);
    const adminSocket = await connectAs(admin);
    const adminHeard = recordEvents(adminSocket);
    const { agentFor } = await import("./support");
    const agent = await agentFor(owner);

    const pushed = nextEvent<{ message: string }>(adminSocket, "chat.message");
    await agent.post("/api/chat").send({ companyId: company.id, message: "Hi all" });
    expect((await pushed).message).toBe("Hi all");

    const readMark = nextEvent(ownerSocket, "notification.read");
    await agent.post("/api/notifications/read").send({ companyId: company.id });
    expect(await readMark).toEqual({ companyId: company.id });
    await flush(adminSocket, company.id);
    expect(adminHeard.map(([event]) => event)).toEqual(["chat.message", "subscription.updated"]);
    ownerSocket.close();
    adminSocket.close();
  });
});

describe("membership changes", () => {
  it("a member removed leaves the company's room at once: no events, no presence, no chat", async () => {
    const { company, owner, admin } = await buildTenant();
    const ownerSocket = await connectAs(owner);
    const adminSocket = await connectAs(admin);
    const { agentFor } = await import("./support");
    const adminAgent = await agentFor(admin);
    // The admin has been polling the chat, so their membership is noted in Redis.
    expect((await adminAgent.get(`/api/chat?companyId=${company.id}`)).status).toBe(200);
    const week = { companyId: company.id, weekStart: "2026-11-23" };
    const ownPresence = nextEvent(adminSocket, "presence.updated");
    expect(await adminSocket.emitWithAck("presence.join", week)).toEqual({ ok: true });
    await ownPresence;

    const heard = recordEvents(adminSocket);
    const avatarGone = new Promise<{ users: { userId: string }[] }>((resolve) => {
      ownerSocket.on("presence.updated", (payload) => {
        if (!payload.users.some((u: { userId: string }) => u.userId === admin.id)) resolve(payload);
      });
    });
    await db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, admin.id)));
    removeUserFromCompanyRoom(admin.id, company.id);
    publish(company.id, "job.deleted", { id: "after-removal", companyId: company.id });

    expect((await avatarGone).users).toEqual([]);
    await flush(ownerSocket, company.id);
    expect(heard).toEqual([]);
    expect(await adminSocket.emitWithAck("presence.join", week)).toEqual({
      ok: false,
      message: "You are not a member of this company",
    });
    expect((await adminAgent.get(`/api/chat?companyId=${company.id}`)).status).toBe(403);
    ownerSocket.close();
    adminSocket.close();
  });

  it("a new member's open sockets join the company's room", async () => {
    const { company, owner } = await buildCompany();
    const newcomer = await buildUser();
    const socket = await connectAs(newcomer);
    await db.insert(companyUsers).values({ companyId: company.id, userId: newcomer.id, role: "employee" });
    addUserToCompanyRoom(newcomer.id, company.id, "employee");
    const received = nextEvent(socket, "member.removed");
    publish(company.id, "member.removed", { companyId: company.id, userId: owner.id });
    expect(await received).toEqual({ companyId: company.id, userId: owner.id });
    socket.close();
  });
});
