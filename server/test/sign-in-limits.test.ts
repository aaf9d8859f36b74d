/**
 * Sign-in limits (docs/auth.md, "Sign-in limits"), with TRUST_PROXY=1 as behind one proxy:
 * the (account, address) pair locks; the address and the account only slow down, so
 * someone else's guesses never lock the owner out, and an X-Forwarded-For the attacker
 * writes (the port reached directly) does not lift the limit on the account.
 */
import { randomInt } from "node:crypto";
import { vi } from "vitest";

// One hop: the address the proxy appended, the last one in X-Forwarded-For, is the client.
vi.hoisted(() => {
  process.env.TRUST_PROXY = "1";
});

import { config } from "@sched/core/config";
import { buildUser, PASSWORD, uniqueEmail } from "@sched/core/test/factories";
import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { anonymous } from "./support";

const freshIp = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

const login = (ip: string, email: string, password: string) =>
  anonymous().post("/api/login").set("X-Forwarded-For", ip).send({ email, password });

/** A slowdown's answer: 429 with a wait of a few seconds, never the 15-minute lock. */
function expectSlowedDown(res: Response, atMostSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe("rate_limited");
  expect(res.body.message).toMatch(/^Too many failed attempts\. Try again in \d seconds?\.$/);
  expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(atMostSeconds);
}

/** Tries again after the Retry-After the server named, as a person would. */
async function afterTheWait(res: Response, again: () => Promise<Response>): Promise<Response> {
  const seconds = Number(res.headers["retry-after"]);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 50));
  return again();
}

describe("sign-in limits behind one trusted proxy hop", () => {
  it("reads the client from the last X-Forwarded-For entry", () => {
    expect(config.trustProxy).toBe(1);
  });

  it("hold the account however X-Forwarded-For rotates: past 10 failures, one guess per 5 s", {
    timeout: 30_000,
  }, async () => {
    const user = await buildUser();
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await login(freshIp(), user.email, "wrong-password")).status);
    // 10 free failures, then one paced guess; the rest are told to wait.
    expect(answers.slice(0, 11)).toEqual(Array(11).fill(401));
    expect(answers.slice(11)).toEqual(Array(19).fill(429));
    const waited = await login(freshIp(), user.email, "wrong-password");
    expectSlowedDown(waited, 5);
    // The owner is slowed by seconds, never locked: after the wait the right password works.
    const owner = await afterTheWait(waited, () => login(freshIp(), user.email, PASSWORD));
    expect(owner.status).toBe(200);
  });

  it("locks the pair after 5 failures, never the owner on another network", async () => {
    const user = await buildUser();
    const attacker = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await login(attacker, user.email, "wrong-password")).status).toBe(401);
    const locked = await login(attacker, user.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many failed attempts. Try again in 15 minutes.");
    expect((await login(freshIp(), user.email, PASSWORD)).status).toBe(200);
  });

  it("slow one address after 30 failures at any accounts, and never lock the right password there", {
    timeout: 30_000,
  }, async () => {
    const shared = freshIp();
    for (let i = 0; i < 30; i++) {
      expect((await login(shared, uniqueEmail("nobody"), "wrong-password")).status).toBe(401);
    }
    const user = await buildUser();
    // Past the budget the address may try once per 3 s: this try is its one.
    expect((await login(shared, user.email, PASSWORD)).status).toBe(200);
    const tooSoon = await login(shared, user.email, PASSWORD);
    expectSlowedDown(tooSoon, 3);
    const again = await afterTheWait(tooSoon, () => login(shared, user.email, PASSWORD));
    expect(again.status).toBe(200);
    // Another address is not slowed by this one's guesses.
    expect((await login(freshIp(), user.email, PASSWORD)).status).toBe(200);
  });
});
