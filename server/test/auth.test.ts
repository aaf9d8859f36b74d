import { db } from "@sched/core/db/client";
import { companies, companyUsers, sessions, users } from "@sched/core/db/schema";
import { buildUser, PASSWORD, uniqueEmail } from "@sched/core/test/factories";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, agentFor, anonymous, app } from "./support";

const registration = (email = uniqueEmail("reg")) => ({
  email,
  password: "long-enough-1",
  firstName: "Rita",
  lastName: "Reyes",
  companyName: "Reyes Plumbing",
});

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ((res.headers["set-cookie"] as string[] | undefined) ?? [])
    .find((c) => c.startsWith("sched.sid="))
    ?.split(";")[0];

describe("POST /api/register", () => {
  it("creates the user, a trial company they own, and signs them in", async () => {
    const agent = request.agent(app);
    const body = registration();
    const res = await agent.post("/api/register").send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: body.email,
      firstName: "Rita",
      lastName: "Reyes",
      isSystemAdmin: false,
    });
    expect(res.body).not.toHaveProperty("password");

    const [user] = await db.select().from(users).where(eq(users.id, res.body.id));
    // A bcrypt hash (tests run at a low cost; the production cost is checked in embedded-database.test.ts).
    expect(user.password).toMatch(/^\$2b\$\d{2}\$/);
    const [membership] = await db.select().from(companyUsers).where(eq(companyUsers.userId, user.id));
    expect(membership.role).toBe("owner");
    const [company] = await db.select().from(companies).where(eq(companies.id, membership.companyId));
    expect(company).toMatchObject({ name: "Reyes Plumbing", subscriptionStatus: "trial", planType: "basic" });
    const days = (company.trialEndsAt.getTime() - company.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(14, 1);

    const me = await agent.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    const list = await agent.get("/api/companies");
    expect(list.body).toEqual([{ id: company.id, name: "Reyes Plumbing", role: "owner", employeeId: null }]);
    const roles = await agent.get("/api/user/companies");
    expect(roles.body).toEqual([{ companyId: company.id, role: "owner" }]);
  });

  it("refuses an e-mail that exists in any letter case with 409", async () => {
    const email = uniqueEmail("dup");
    expect((await anonymous().post("/api/register").send(registration(email))).status).toBe(201);
    const res = await anonymous().post("/api/register").send(registration(email.toUpperCase()));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Email already registered");
    const count = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(email) = ${email}`);
    expect(count[0].n).toBe(1);
  });

  it.each([
    ["short", "Password must be at least 8 characters"],
    ["x".repeat(129), "Password must be at most 128 characters"],
  ])("refuses the password %#", async (password, message) => {
    const res = await anonymous()
      .post("/api/register")
      .send({ ...registration(), password });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses a missing company name", async () => {
    const res = await anonymous()
      .post("/api/register")
      .send({ ...registration(), companyName: "  " });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Company name is required");
  });
});

describe("POST /api/login", () => {
  it("signs in with a new session id each time and never returns the hash", async () => {
    const user = await buildUser();
    const agent = request.agent(app);
    const first = await agent.post("/api/login").send({ email: user.email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: user.id, email: user.email });
    expect(first.body).not.toHaveProperty("password");
    const second = await agent
      .post("/api/login")
      .send({ email: user.email.toUpperCase(), password: PASSWORD });
    expect(second.status).toBe(200);
    expect(sessionCookie(first)).toBeDefined();
    expect(sessionCookie(second)).toBeDefined();
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
  });

  it("sets an HttpOnly SameSite=Lax cookie", async () => {
    const user = await buildUser();
    const res = await anonymous().post("/api/login").send({ email: user.email, password: PASSWORD });
    const cookie = (res.headers["set-cookie"] as unknown as string[])[0];
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it.each([{ email: "someone@example.test" }, { password: "x" }, {}])(
    "answers Missing credentials %#",
    async (body) => {
      const res = await anonymous().post("/api/login").send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Missing credentials");
    },
  );

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const user = await buildUser();
    const wrong = await anonymous()
      .post("/api/login")
      .send({ email: user.email, password: "wrong-password" });
    const unknown = await anonymous()
      .post("/api/login")
      .send({ email: uniqueEmail("nobody"), password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid email or password", code: "unauthorized" });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("locks an account for the address that failed 5 times, never for the owner's own device", {
    timeout: 60_000,
  }, async () => {
    const user = await buildUser();
    const attacker = `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const owner = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const login = (ip: string, password: string) =>
      anonymous().post("/api/login").set("X-Forwarded-For", ip).send({ email: user.email, password });
    for (let i = 0; i < 5; i++) expect((await login(attacker, "wrong-password")).status).toBe(401);
    const locked = await login(attacker, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      code: "rate_limited",
      message: "Too many failed attempts. Try again in 15 minutes.",
    });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect((await login(owner, PASSWORD)).status).toBe(200);
  });

  it("slows one IP down after 30 failures across e-mails, never locking the right password out", {
    timeout: 60_000,
  }, async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 30; i++) {
      await anonymous()
        .post("/api/login")
        .set("X-Forwarded-For", ip)
        .send({ email: uniqueEmail(), password: "nope-nope" });
    }
    const user = await buildUser();
    const signIn = () =>
      anonymous()
        .post("/api/login")
        .set("X-Forwarded-For", ip)
        .send({ email: user.email, password: PASSWORD });
    expect((await signIn()).status).toBe(200);
    const slowed = await signIn();
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers["retry-after"])).toBeLessThanOrEqual(3);
  });
});

describe("POST /api/logout", () => {
  it("deletes the session row so the old cookie gets 401", async () => {
    const user = await buildUser();
    const login = await anonymous().post("/api/login").send({ email: user.email, password: PASSWORD });
    const cookie = sessionCookie(login)!;
    expect((await anonymous().get("/api/user").set("Cookie", cookie)).status).toBe(200);
    const sid = decodeURIComponent(cookie.split("=")[1]).slice(2).split(".")[0];
    expect(await db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(1);

    expect((await anonymous().post("/api/logout").set("Cookie", cookie)).status).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
    expect((await anonymous().get("/api/user").set("Cookie", cookie)).status).toBe(401);
  });
});

describe("GET /api/user", () => {
  it("answers 401 when signed out", async () => {
    expect((await anonymous().get("/api/user")).status).toBe(401);
  });
});

describe("sessions", () => {
  it("does not write the store on every request", async () => {
    const user = await buildUser();
    const agent = await agentFor(user);
    const before = await db.select().from(sessions);
    const mine = before.filter((s) => (s.sess as { userId?: string }).userId === user.id);
    await agent.get("/api/user");
    await agent.get("/api/companies");
    const after = await db.select().from(sessions).where(eq(sessions.sid, mine[0].sid));
    expect(after[0].expire.getTime()).toBe(mine[0].expire.getTime());
  });
});

describe("cross-origin requests", () => {
  it("refuses a state-changing request from another origin with 403", async () => {
    const user = await buildUser();
    const agent = await agentFor(user);
    const res = await agent
      .post("/api/companies")
      .set("Origin", "https://evil.example")
      .send({ name: "Evil" });
    expect(res.status).toBe(403);
    const own = await agent.post("/api/companies").set("Origin", APP_ORIGIN).send({ name: "Second Co" });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ name: "Second Co", role: "owner" });
  });
});
