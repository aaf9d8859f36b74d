/**
 * The embedded default, end to end: the real web process started on PGlite behind
 * pglite-socket (as `npm start` does without DATABASE_URL) migrates it and serves a
 * registration, a sign-in and a company-scoped read.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../src/db/embedded";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

let embedded: EmbeddedPostgres;
let web: ChildProcess;
let base: string;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres({});
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  web = spawn(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "server/src/index.ts")], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATABASE_URL: embedded.url, PORT: String(port), APP_URL: base, NODE_ENV: "test" },
    stdio: "ignore",
  });
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${base}/api/user`).then(
      (r) => r.status === 401,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("web process on PGlite did not start");
}, 120_000);

afterAll(async () => {
  web?.kill("SIGTERM");
  await new Promise((r) => web?.once("exit", r));
  await embedded?.close();
});

describe("the app on embedded PGlite", () => {
  it("registers, signs in and reads the company", async () => {
    const email = `pglite-${Date.now()}@example.test`;
    const register = await fetch(`${base}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email,
        password: "pglite-pass-1",
        firstName: "P",
        lastName: "G",
        companyName: "Lite Co",
      }),
    });
    expect(register.status).toBe(201);
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "pglite-pass-1" }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const companies = await fetch(`${base}/api/companies`, { headers: { Cookie: cookie } }).then((r) =>
      r.json(),
    );
    expect(companies).toEqual([expect.objectContaining({ name: "Lite Co", role: "owner" })]);
  }, 30_000);
});
