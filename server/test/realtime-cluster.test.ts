/**
 * Two real web processes (server/src/index.ts) on different ports, sharing this run's
 * database and Redis prefix: a change made through one reaches a socket connected to
 * the other, and presence on one board sees viewers connected to the other.
 */
import { buildTenant, PASSWORD } from "@sched/core/test/factories";
import type { ChatMessageDTO, ServerEvents } from "@sched/shared-types";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent } from "./realtime-support";
import { startWebProcess, stopWebProcesses, type WebProcess } from "./web-process";

/** Signs in on `url` and returns the session cookie (valid on every process: one session table). */
async function cookieFrom(url: string, user: { email: string }) {
  const res = await request(url).post("/api/login").send({ email: user.email, password: PASSWORD });
  expect(res.status).toBe(200);
  const cookies = res.headers["set-cookie"] as unknown as string[];
  return cookies.find((c) => c.startsWith("sched.sid="))!.split(";")[0];
}

let first: WebProcess;
let second: WebProcess;
// Each process is waited for until its health check answers; two cold starts (tsx compiling
// the server, migrations checked) on a busy 2-core machine may take long, hence the hook's budget.
beforeAll(async () => {
  [first, second] = await Promise.all([startWebProcess(), startWebProcess()]);
}, 180_000);
afterAll(stopWebProcesses);

describe("two web processes sharing one Redis", () => {
  it("delivers a chat message sent through one to a socket connected to the other", async () => {
    const { company, owner, admin } = await buildTenant();
    const adminCookie = await cookieFrom(second.url, admin);
    const listener = await connectSocket(second.url, { Cookie: adminCookie });
    const received = nextEvent<ChatMessageDTO>(listener, "chat.message", 5000);

    const ownerCookie = await cookieFrom(first.url, owner);
    const sent = await request(first.url)
      .post("/api/chat")
      .set("Cookie", ownerCookie)
      .send({ companyId: company.id, message: "Across processes" });
    expect(sent.status).toBe(201);
    expect(await received).toEqual(sent.body);

    // The other process's poll sees the pointer the first one advanced: nothing new.
    const poll = await request(second.url)
      .get(`/api/chat?companyId=${company.id}&after=${sent.body.id}`)
      .set("Cookie", adminCookie);
    expect([poll.status, poll.body]).toEqual([200, []]);
    listener.close();
  });

  it("shows a viewer connected to one process on a board connected to the other", async () => {
    const { company, owner, admin } = await buildTenant();
    const ownerSocket = await connectSocket(first.url, { Cookie: await cookieFrom(first.url, owner) });
    const adminSocket = await connectSocket(second.url, { Cookie: await cookieFrom(second.url, admin) });
    const week = { companyId: company.id, weekStart: "2026-11-23" };
    await ownerSocket.emitWithAck("presence.join", week);

    const seen = new Promise<ServerEvents["presence.updated"]>((resolve) => {
      ownerSocket.on("presence.updated", (payload) => {
        if (payload.users.length === 2) resolve(payload);
      });
    });
    expect(await adminSocket.emitWithAck("presence.join", week)).toEqual({ ok: true });
    expect((await seen).users.map((u) => u.userId).sort()).toEqual([owner.id, admin.id].sort());
    ownerSocket.close();
    adminSocket.close();
  });
});
