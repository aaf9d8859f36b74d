/**
 * A forgotten password (docs/auth.md): the request answers the same
 * whether or not an account uses the address, under limits per address and per network;
 * the token is stored hashed, lives an hour and works once; the new password follows
 * sign-up's rules. Behind one trusted proxy hop, so each test asks from its own address.
 */
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.TRUST_PROXY = "1";
});

import { db } from "@sched/core/db/client";
import { passwordResets } from "@sched/core/db/schema";
import { passwordResetToken } from "@sched/core/lib/password-reset-token";
import { hashToken } from "@sched/core/lib/tokens";
import { getEmailQueue, passwordResetEmailJobId } from "@sched/core/queues";
import { buildUser, PASSWORD, uniqueEmail } from "@sched/core/test/factories";
import { PASSWORD_RESET_LINK_INVALID, PASSWORD_RESET_REQUESTED } from "@sched/shared-types";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { askForReset, askForResetOf, freshIp, latestReset, tokenFor } from "./password-reset-support";
import { anonymous, app } from "./support";

const NEW_PASSWORD = "a-new-password-2";

const choose = (token: string, password: unknown) =>
  anonymous().post(`/api/password-reset/${token}`).send({ password });

const signInWith = (email: string, password: string) =>
  anonymous().post("/api/login").set("X-Forwarded-For", freshIp()).send({ email, password });

/** Polls until `check` gives a value (the e-mail is queued without holding up the answer). */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("POST /api/password-reset", () => {
  it("answers the same for a known and an unknown address", async () => {
    const user = await buildUser();
    const known = await askForReset(user.email.toUpperCase());
    const unknown = await askForReset(uniqueEmail("nobody"));
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    expect(unknown.body).toEqual(known.body);
    expect(known.headers["set-cookie"]).toBeUndefined();
  });

  it("stores only the token's hash and queues the e-mail with the reset's id", async () => {
    const user = await buildUser();
    expect((await askForResetOf(user)).status).toBe(202);
    const row = await latestReset(user.id);
    const token = passwordResetToken(row.id);
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    expect(row.requestedBy).toBeNull();
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
    const job = await eventually(
      async () => (await getEmailQueue().getJob(passwordResetEmailJobId(row.id))) ?? undefined,
      "the e-mail job",
    );
    expect(job.name).toBe("sendPasswordResetEmail");
    expect(job.data).toEqual({ resetId: row.id });
  });

  it("answers 400 with the field's message for a missing or malformed address", async () => {
    const missing = await anonymous().post("/api/password-reset").set("X-Forwarded-For", freshIp()).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: "email", message: "Email is required" }]);
    const malformed = await askForReset("not-an-address");
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ path: "email", message: "Invalid email address" }]);
  });

  it("limits one address to 3 links an hour, known or not, from any network", async () => {
    const user = await buildUser();
    for (const email of [user.email, uniqueEmail("nobody")]) {
      for (let i = 0; i < 3; i++) expect((await askForReset(email)).status).toBe(202);
      const refused = await askForReset(email);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("rate_limited");
      expect(refused.body.message).toMatch(
        /^Too many reset links were asked for this address\. Try again in \d+ minutes?\.$/,
      );
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Three e-mails went out for the known address, no more.
    const rows = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(3);
  });

  it("limits one network to 20 requests an hour, whatever the addresses", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await askForReset(uniqueEmail("spray"), ip)).status).toBe(202);
    const refused = await askForReset(uniqueEmail("spray"), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many reset links were asked from this network\./);
    // Another network is not held back.
    expect((await askForReset(uniqueEmail("spray"))).status).toBe(202);
  });
});

describe("POST /api/password-reset/:token", () => {
  it("sets the password, signs the browser in, and the old password stops working", async () => {
    const user = await buildUser();
    await askForReset(user.email);
    const browser = request.agent(app);
    const res = await browser.post(`/api/password-reset/${await tokenFor(user.id)}`).send({
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email });
    expect(res.body.password).toBeUndefined();
    expect((await browser.get("/api/user")).body.id).toBe(user.id);
    expect((await signInWith(user.email, PASSWORD)).status).toBe(401);
    expect((await signInWith(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("works once", async () => {
    const user = await buildUser();
    await askForReset(user.email);
    const token = await tokenFor(user.id);
    expect((await choose(token, NEW_PASSWORD)).status).toBe(200);
    const again = await choose(token, "yet-another-password");
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: "gone", message: PASSWORD_RESET_LINK_INVALID });
    expect((await signInWith(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("works for an hour only", async () => {
    const user = await buildUser();
    await askForReset(user.email);
    const token = await tokenFor(user.id);
    await db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const late = await choose(token, NEW_PASSWORD);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(PASSWORD_RESET_LINK_INVALID);
    expect((await signInWith(user.email, PASSWORD)).status).toBe(200);
  });

  it("makes the account's older links void", async () => {
    const user = await buildUser();
    await askForResetOf(user);
    const older = await tokenFor(user.id);
    await askForResetOf(user);
    const newer = await tokenFor(user.id);
    expect(newer).not.toBe(older);
    expect((await choose(newer, NEW_PASSWORD)).status).toBe(200);
    expect((await choose(older, "yet-another-password")).status).toBe(410);
  });

  it("answers 404 for a link that never existed, well-formed or not", async () => {
    for (const token of ["A".repeat(43), "short"]) {
      const res = await choose(token, NEW_PASSWORD);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found", message: PASSWORD_RESET_LINK_INVALID });
    }
  });

  it("keeps sign-up's password rules and changes nothing on a refusal", async () => {
    const user = await buildUser();
    await askForReset(user.email);
    const token = await tokenFor(user.id);
    const cases: [unknown, string][] = [
      [undefined, "Password is required"],
      ["short", "Password must be at least 8 characters"],
      ["x".repeat(129), "Password must be at most 128 characters"],
    ];
    for (const [password, message] of cases) {
      const res = await choose(token, password);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: "password", message }]);
    }
    expect((await latestReset(user.id)).usedAt).toBeNull();
    expect((await signInWith(user.email, PASSWORD)).status).toBe(200);
    // The link still works after the refusals.
    expect((await choose(token, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("POST /api/password-reset, what its answer waits for", () => {
  it("answers before the reset is looked up or written, known address or not", {
    timeout: 20_000,
  }, async () => {
    const user = await buildUser();
    // While the table is locked no reset can be written (nor an insert-from-select start):
    // an answer that waited for that work could not come until the lock is released.
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${passwordResets} in exclusive mode`);
      const known = await askForReset(user.email);
      const unknown = await askForReset(uniqueEmail("nobody"));
      expect([known.status, unknown.status]).toEqual([202, 202]);
      expect(unknown.body).toEqual(known.body);
    });
    // The work still happens, after the answer.
    expect(await tokenFor(user.id)).toEqual(expect.any(String));
  });
});
