/**
 * The embedded default, end to end: the real web process started on the embedded PostgreSQL
 * (core/src/db/embedded.ts, as `npm start` does without DATABASE_URL) migrates it and serves
 * a registration, a sign-in and a company-scoped read.
 *
 * The process runs with the configuration's own bcrypt cost (BCRYPT_ROUNDS unset), so this
 * is also the one test of the production cost: every other test hashes at the lowest cost
 * (core/test/env.ts) to stay fast.
 */
import { users } from "@sched/core/db/schema";
import { startTemporaryEmbeddedPostgres } from "@sched/core/db/throwaway";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebProcess, stopWebProcesses, type WebProcess } from "./web-process";

/** The configuration's default (core/src/config.ts), what production hashes with. */
const PRODUCTION_BCRYPT_COST = 12;

let embedded: Awaited<ReturnType<typeof startTemporaryEmbeddedPostgres>>;
let web: WebProcess;

// initdb, then the web process migrating: slow on a busy machine, so the process is waited
// for until its health check answers, within the hook's generous budget.
beforeAll(async () => {
  embedded = await startTemporaryEmbeddedPostgres();
  web = await startWebProcess({ DATABASE_URL: embedded.url, NODE_ENV: "test", BCRYPT_ROUNDS: undefined });
}, 180_000);

afterAll(async () => {
  await stopWebProcesses();
  await embedded?.close();
});

const post = (path: string, body: object) =>
  fetch(`${web.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

async function storedPasswordHash(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  try {
    const [user] = await drizzle(client)
      .select({ password: users.password })
      .from(users)
      .where(eq(users.email, email));
    return user.password;
  } finally {
    await client.end();
  }
}

describe("the app on the embedded PostgreSQL", () => {
  it("registers, signs in and reads the company", async () => {
    const email = `embedded-${Date.now()}@example.test`;
    const register = await post("/api/register", {
      email,
      password: "embedded-pass-1",
      firstName: "P",
      lastName: "G",
      companyName: "Embedded Co",
    });
    expect(register.status).toBe(201);
    const login = await post("/api/login", { email, password: "embedded-pass-1" });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
    const companies = await fetch(`${web.url}/api/companies`, { headers: { Cookie: cookie } }).then((r) =>
      r.json(),
    );
    expect(companies).toEqual([expect.objectContaining({ name: "Embedded Co", role: "owner" })]);

    // The hash the register route stored names its cost: $2b$<cost>$...
    const [, , cost] = (await storedPasswordHash(email)).split("$");
    expect(Number(cost)).toBe(PRODUCTION_BCRYPT_COST);
  }, 30_000);
});
