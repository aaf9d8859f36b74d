/**
 * A production start as shipped (scripts/start-web.ts with NODE_ENV=production): it never
 * seeds the demo company, and sign-in works at the APP_URL given: a plain-http local
 * address signs in, an https one gets a Secure cookie (docs/auth.md).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { loadConfig } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { users } from "@sched/core/db/schema";
import { buildTenant, PASSWORD } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the web process in production mode and resolves once it says it listens, with what it said. */
async function startProduction(appUrl: (port: number) => string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start-web.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: appUrl(port),
      SEED_DEMO: "1",
      SESSION_SECRET: "production-test-secret",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("web listening")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`web exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, output };
}

let plainHttpUrl: string;
let plainHttpOutput: string;
let httpsUrl: string;
let httpsOutput: string;
// Two real processes start under load (a busy 2-core CI): wait for "web listening", not a clock.
beforeAll(async () => {
  const [plain, https] = await Promise.all([
    startProduction((port) => `http://localhost:${port}`),
    startProduction(() => "https://scheduler.example.test"),
  ]);
  ({ url: plainHttpUrl, output: plainHttpOutput } = plain);
  ({ url: httpsUrl, output: httpsOutput } = https);
}, 180_000);

describe("a production start", () => {
  it("never seeds the demo company, whatever SEED_DEMO says", async () => {
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "1", SESSION_SECRET: "x" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "development", SEED_DEMO: "1" }).seedDemo).toBe(true);
  });

  it("signs in at a plain-http APP_URL, with no demo logins created", async () => {
    const url = plainHttpUrl;
    const { owner } = await buildTenant();
    const agent = request.agent(url);
    const login = await agent
      .post("/api/login")
      .set("Origin", new URL(url).origin.replace("127.0.0.1", "localhost"))
      .send({ email: owner.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers["set-cookie"]?.[0] ?? "";
    expect(cookie).toMatch(/^sched\.sid=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect((await agent.get("/api/user")).status).toBe(200);
    expect(await db.select().from(users).where(eq(users.email, "demo@example.com"))).toEqual([]);
  });

  it("sets a Secure cookie when APP_URL is https (TLS ended at a proxy)", async () => {
    const url = httpsUrl;
    const { owner } = await buildTenant();
    const login = await request(url)
      .post("/api/login")
      .set("X-Forwarded-Proto", "https")
      .send({ email: owner.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers["set-cookie"]?.[0]).toMatch(/;\s*Secure/i);
  });

  it("says plainly at start that a plain-http APP_URL's cookie is not Secure", () => {
    expect(plainHttpOutput).toContain("APP_URL is http: the session cookie is NOT Secure");
    expect(httpsOutput).not.toContain("NOT Secure");
  });

  it("refuses sign-in and registration over plain http at an https APP_URL, saying why", async () => {
    const { owner } = await buildTenant();
    const login = await request(httpsUrl).post("/api/login").send({ email: owner.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe("insecure_connection");
    expect(login.body.message).toMatch(
      /^This server signs in only over https \(APP_URL is https:\/\/scheduler\.example\.test\)/,
    );
    expect(login.headers["set-cookie"]).toBeUndefined();
    const register = await request(httpsUrl)
      .post("/api/register")
      .send({
        email: `plain-${Date.now()}@example.test`,
        password: "long-enough-1",
        firstName: "Pat",
        lastName: "Plain",
        companyName: "Plain Co",
      });
    expect(register.status).toBe(403);
    expect(register.body.code).toBe("insecure_connection");
  });

  it("answers create-subscription without Stripe keys with 503 unavailable", async () => {
    const url = plainHttpUrl;
    const { company, owner } = await buildTenant();
    const agent = request.agent(url);
    const origin = new URL(url).origin.replace("127.0.0.1", "localhost");
    const login = await agent
      .post("/api/login")
      .set("Origin", origin)
      .send({ email: owner.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const res = await agent
      .post("/api/create-subscription")
      .set("Origin", origin)
      .send({ companyId: company.id, planType: "basic" });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: "unavailable",
      message: "Card payments are not set up on this server. Please contact support to pay.",
    });
  });
});
