/**
 * Sign-in limits (docs/auth.md), with TRUST_PROXY=1 as behind one proxy:
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
import { forget, signInSlowdownByAccount } from "@sched/core/limits";
import { buildUser, PASSWORD, uniqueEmail } from "@sched/core/test/factories";
import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { normalizeAddress } from "../src/http/client-address";
import { askForReset, tokenFor } from "./password-reset-support";
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

  it("hold the account however X-Forwarded-For rotates: past 10 failures, a wait from 5 s", {
    timeout: 30_000,
  }, async () => {
    const user = await buildUser();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await login(freshIp(), user.email, "wrong-password")).status);
    // 10 free failures, then one paced guess; the next is told to wait (a burst: below).
    expect(answers).toEqual(Array(11).fill(401));
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

/** How many answers of each status a burst got. */
function tally(answers: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe("sign-in limits under a burst of parallel guesses", () => {
  it("check at most 5 guesses of one pair, and refuse the right password after them", {
    timeout: 30_000,
  }, async () => {
    const user = await buildUser();
    const attacker = freshIp();
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => login(attacker, user.email, "wrong-password")),
    );
    expect(tally(burst)).toEqual({ 401: 5, 429: 55 });
    const right = await login(attacker, user.email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe("Too many failed attempts. Try again in 15 minutes.");
    // The lock is the pair's: the owner elsewhere is not held (5 failures are under the account's 10).
    expect((await login(freshIp(), user.email, PASSWORD)).status).toBe(200);
  });

  it("check at most 10 free and one paced guess at one account, from as many addresses", {
    timeout: 30_000,
  }, async () => {
    const user = await buildUser();
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => login(freshIp(), user.email, "wrong-password")),
    );
    expect(tally(burst)).toEqual({ 401: 11, 429: 49 });
  });
});

describe("the account's wait after failures", () => {
  /** The account's current wait ends: what a person gets by waiting it out. */
  const waitEnds = (email: string) => forget(signInSlowdownByAccount.pace, email);

  it("doubles with each failure past the free ones, up to 15 minutes", () => {
    const waits = [1, 2, 3, 8, 9, 10, 40].map(signInSlowdownByAccount.waitAfter);
    expect(waits).toEqual([5, 10, 20, 640, 900, 900, 900]);
  });

  it("grows between paced guesses, holds the right password too, and a reset link gets the owner in", {
    timeout: 30_000,
  }, async () => {
    const user = await buildUser();
    for (let i = 0; i < 10; i++)
      expect((await login(freshIp(), user.email, "wrong-password")).status).toBe(401);
    for (const [above, atMost] of [
      [0, 5],
      [5, 10],
      [10, 20],
    ]) {
      expect((await login(freshIp(), user.email, "wrong-password")).status).toBe(401);
      const waiting = await login(freshIp(), user.email, "wrong-password");
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers["retry-after"])).toBeGreaterThan(above);
      expect(Number(waiting.headers["retry-after"])).toBeLessThanOrEqual(atMost);
      await waitEnds(user.email);
    }
    expect((await login(freshIp(), user.email, "wrong-password")).status).toBe(401);
    // The owner is held like anyone while the account waits...
    expect((await login(freshIp(), user.email, PASSWORD)).status).toBe(429);
    // ...and gets in with a reset link, which signs this browser in and ends the wait.
    expect((await askForReset(user.email)).status).toBe(202);
    const reset = await anonymous()
      .post(`/api/password-reset/${await tokenFor(user.id)}`)
      .send({ password: "a-new-password-2" });
    expect(reset.status).toBe(200);
    expect((await login(freshIp(), user.email, "a-new-password-2")).status).toBe(200);
  });

  it("starts over after the right password", { timeout: 30_000 }, async () => {
    const user = await buildUser();
    for (let i = 0; i < 11; i++)
      expect((await login(freshIp(), user.email, "wrong-password")).status).toBe(401);
    await waitEnds(user.email);
    expect((await login(freshIp(), user.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await login(freshIp(), user.email, "wrong-password")).status).toBe(401);
  });
});

describe("one client, one key", () => {
  it("writes each address one way: IPv4-mapped as IPv4, IPv6 in lower case and compressed", () => {
    const spellings: [string, string][] = [
      ["127.0.0.1", "127.0.0.1"],
      ["::ffff:127.0.0.1", "127.0.0.1"],
      ["::FFFF:7F00:1", "127.0.0.1"],
      ["0:0:0:0:0:ffff:a01:203", "10.1.2.3"],
      ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
      ["2001:db8::1", "2001:db8::1"],
      ["::1", "::1"],
    ];
    for (const [spelling, address] of spellings) expect(normalizeAddress(spelling)).toBe(address);
  });

  it("counts an IPv4 client and its IPv4-mapped IPv6 spelling as one address", async () => {
    const user = await buildUser();
    const ipv4 = freshIp();
    for (const ip of [ipv4, `::ffff:${ipv4}`, `::FFFF:${ipv4}`, ipv4, `::ffff:${ipv4}`]) {
      expect((await login(ip, user.email, "wrong-password")).status).toBe(401);
    }
    expect((await login(ipv4, user.email, PASSWORD)).status).toBe(429);
    expect((await login(`::ffff:${ipv4}`, user.email, PASSWORD)).status).toBe(429);
  });
});
