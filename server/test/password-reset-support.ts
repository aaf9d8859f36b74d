/** Helpers of the password reset tests: a fresh client address, a request, and the link's token. */
import { randomInt } from "node:crypto";
import { db } from "@sched/core/db/client";
import { passwordResets } from "@sched/core/db/schema";
import { passwordResetToken } from "@sched/core/lib/password-reset-token";
import { count, desc, eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { anonymous } from "./support";

/** Each test asks from its own address, so the per-address limits of one never reach another. */
export const freshIp = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

export const askForReset = (email: string, ip = freshIp()) =>
  anonymous().post("/api/password-reset").set("X-Forwarded-For", ip).send({ email });

const resetsOf = async (userId: string) =>
  (await db.select({ count: count() }).from(passwordResets).where(eq(passwordResets.userId, userId)))[0]
    .count;

/**
 * Asks for a link to `user`'s address and waits for its reset to be written: the answer
 * does not wait for it (docs/auth.md).
 */
export async function askForResetOf(user: { id: string; email: string }, ip = freshIp()) {
  const before = await resetsOf(user.id);
  const answer = await askForReset(user.email, ip);
  await vi.waitFor(async () => expect(await resetsOf(user.id)).toBeGreaterThan(before), { timeout: 10_000 });
  return answer;
}

/** The user's newest reset row. */
export async function latestReset(userId: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return row;
}

/**
 * The token the e-mail of the user's newest reset carries (the worker derives it the same
 * way), once there is one: a request's reset is written after its answer.
 */
export async function tokenFor(userId: string): Promise<string> {
  const row = await vi.waitFor(
    async () => {
      const newest = await latestReset(userId);
      if (!newest) throw new Error(`no password reset for ${userId}`);
      return newest;
    },
    { timeout: 10_000 },
  );
  return passwordResetToken(row.id);
}
