import { randomInt } from "node:crypto";
import { isSamePassword } from "@sched/core/commands/make-admin";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { users } from "@sched/core/db/schema";
import { buildUser, PASSWORD, uniqueEmail } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_DISABLED, SETUP_REFUSED } from "../src/routes/admin";
import { agentFor, anonymous } from "./support";

const SETUP_PASSWORD = "test-admin-setup-secret";
const originalSetupPassword = config.adminSetupPassword;

beforeAll(() => {
  config.adminSetupPassword = SETUP_PASSWORD;
});
afterAll(() => {
  config.adminSetupPassword = originalSetupPassword;
});

/** Each test is its own "client" for the per-IP counter, so one test's failures never lock another. */
const freshIp = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;
const makeAdmin = (body: object, ip = freshIp()) =>
  anonymous().post("/api/make-admin").set("X-Forwarded-For", ip).send(body);

async function isAdmin(userId: string) {
  const [row] = await db
    .select({ isSystemAdmin: users.isSystemAdmin })
    .from(users)
    .where(eq(users.id, userId));
  return row.isSystemAdmin;
}

describe("POST /api/make-admin", () => {
  it("makes an existing user a system administrator, whatever the e-mail's letter case", async () => {
    const user = await buildUser();
    const res = await makeAdmin({ email: user.email.toUpperCase(), adminPassword: SETUP_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: user.email });
    expect(await isAdmin(user.id)).toBe(true);
    const me = await (await agentFor(user)).get("/api/user");
    expect(me.body.isSystemAdmin).toBe(true);

    // Asking again changes nothing and still succeeds.
    const again = await makeAdmin({ email: user.email, adminPassword: SETUP_PASSWORD });
    expect(again.status).toBe(200);
  });

  it("refuses a wrong setup password with 401 and changes nothing", async () => {
    const user = await buildUser();
    const res = await makeAdmin({ email: user.email, adminPassword: `${SETUP_PASSWORD}x` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: SETUP_REFUSED, code: "unauthorized" });
    expect(await isAdmin(user.id)).toBe(false);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const res = await makeAdmin({ email: uniqueEmail("nobody"), adminPassword: SETUP_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: SETUP_REFUSED, code: "unauthorized" });
  });

  it.each([
    [{ adminPassword: SETUP_PASSWORD }, "Email is required"],
    [{ email: "  ", adminPassword: SETUP_PASSWORD }, "Email is required"],
    [{ email: "not-an-email", adminPassword: SETUP_PASSWORD }, "Invalid email address"],
    [{ email: "a@example.test" }, "Setup password is required"],
    [{ email: "a@example.test", adminPassword: "" }, "Setup password is required"],
  ])("answers 400 for a missing field %#", async (body, message) => {
    const res = await makeAdmin(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("locks an e-mail after 10 wrong passwords, even for the right one next", async () => {
    const user = await buildUser();
    for (let i = 0; i < 10; i++) {
      const res = await makeAdmin({ email: user.email, adminPassword: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await makeAdmin({ email: user.email, adminPassword: SETUP_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Try again in 15 minutes/);
    expect(await isAdmin(user.id)).toBe(false);
  });

  it("checks at most 10 of a burst of parallel guesses, and refuses the right password after them", {
    timeout: 30_000,
  }, async () => {
    const user = await buildUser();
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => makeAdmin({ email: user.email, adminPassword: `guess-${i}` }, ip)),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    expect((await makeAdmin({ email: user.email, adminPassword: SETUP_PASSWORD }, ip)).status).toBe(429);
    expect(await isAdmin(user.id)).toBe(false);
  });

  it("keeps its counters apart from sign-in's", async () => {
    const user = await buildUser();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await makeAdmin({ email: user.email, adminPassword: `guess-${i}` }, ip);
    const login = await anonymous()
      .post("/api/login")
      .set("X-Forwarded-For", freshIp())
      .send({ email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it("answers 403 saying setup is disabled when ADMIN_SETUP_PASSWORD is unset", async () => {
    const user = await buildUser();
    config.adminSetupPassword = undefined;
    try {
      const res = await makeAdmin({ email: user.email, adminPassword: SETUP_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(SETUP_DISABLED);
      // Not even an empty password gets through a disabled setup.
      expect((await makeAdmin({ email: user.email, adminPassword: "" })).status).toBe(403);
    } finally {
      config.adminSetupPassword = SETUP_PASSWORD;
    }
    expect(await isAdmin(user.id)).toBe(false);
  });
});

describe("GET /api/admin-setup", () => {
  it("says whether this server has a setup password, without a session", async () => {
    expect((await anonymous().get("/api/admin-setup")).body).toEqual({ enabled: true });
    config.adminSetupPassword = undefined;
    try {
      const res = await anonymous().get("/api/admin-setup");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ enabled: false });
    } finally {
      config.adminSetupPassword = SETUP_PASSWORD;
    }
  });
});

describe("isSamePassword", () => {
  it("compares secrets of any length without throwing", () => {
    expect(isSamePassword("secret", "secret")).toBe(true);
    expect(isSamePassword("secret", "secreT")).toBe(false);
    expect(isSamePassword("", "secret")).toBe(false);
    expect(isSamePassword("a much longer guess than the secret", "secret")).toBe(false);
  });
});
