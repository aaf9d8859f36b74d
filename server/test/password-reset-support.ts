/** Helpers of the password reset tests: a fresh client address, a request, and the link's token. */
import { randomInt } from "node:crypto";
import { db } from "@sched/core/db/client";
import { passwordResets } from "@sched/core/db/schema";
import { passwordResetToken } from "@sched/core/lib/password-reset-token";
import { desc, eq } from "drizzle-orm";
import { anonymous } from "./support";

/** Each test asks from its own address, so the per-address limits of one never reach another. */
export const freshIp = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

export const askForReset = (email: string, ip = freshIp()) =>
  anonymous().post("/api/password-reset").set("X-Forwarded-For", ip).send({ email });

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

/** The token the e-mail of the user's newest reset carries (the worker derives it the same way). */
export async function tokenFor(userId: string): Promise<string> {
  const row = await latestReset(userId);
  if (!row) throw new Error(`no password reset for ${userId}`);
  return passwordResetToken(row.id);
}
