/**
 * Two real web processes (server/src/index.ts) on different ports, sharing this run's
 * database and Redis prefix: a change made through one reaches a socket connected to
 * the other, and presence on one board sees viewers connected to the other.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ChatMessageDTO, ServerEvents } from "@sched/shared-types";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, PASSWORD } from "./factories";
import { connectSocket, nextEvent } from "./realtime-support";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const STARTUP_MS = 25_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type WebProcess = { url: string; child: ChildProcess };

/** Starts `npm run start:web`'s server entry on its own port, with this run's database and Redis prefix. */
async function startWebProcess(): Promise<WebProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/index.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), APP_URL: url, LOG_LEVEL: "silent" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`web process exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  throw new Error(`web process did not start on ${port}: ${stderr}`);
}

async function stop({ child }: WebProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Signs in on `url` and returns the session cookie (valid on every process: one session table). */
async function cookieFrom(url: string, user: { email: string }) {
  const res = await request(url).post("/api/login").send({ email: user.email, password: PASSWORD });
  expect(res.status).toBe(200);
  const cookies = res.headers["set-cookie"] as unknown as string[];
  return cookies.find((c) => c.startsWith("sched.sid="))!.split(";")[0];
}

let first: WebProcess;
let second: WebProcess;
beforeAll(async () => {
  [first, second] = await Promise.all([startWebProcess(), startWebProcess()]);
}, STARTUP_MS * 2);
afterAll(async () => {
  await Promise.all([first, second].filter(Boolean).map(stop));
});

describe("two web processes sharing one Redis", () => {
  it("delivers a chat message sent through one to a socket connected to the other", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const adminCookie = await cookieFrom(second.url, admin);
    const listener = await connectSocket(second.url, { Cookie: adminCookie });
    const received = nextEvent<ChatMessageDTO>(listener, "chat.message", 5000);

    const ownerCookie = await cookieFrom(first.url, owner);
    const sent = await request(first.url)
      .post("/api/chat")
      .set("Cookie", ownerCookie)
      .send({ companyId: company.id, employeeId: employee.id, message: "Across processes" });
    expect(sent.status).toBe(201);
    expect(await received).toEqual(sent.body);

    // The other process's poll sees the pointer the first one advanced: nothing new, 304.
    const poll = await request(second.url)
      .get(`/api/chat?companyId=${company.id}&after=${sent.body.id}`)
      .set("Cookie", adminCookie);
    expect(poll.status).toBe(304);
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
