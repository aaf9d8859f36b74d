/**
 * Turns an existing user into a system administrator, given the server's setup
 * password (ADMIN_SETUP_PASSWORD). The password is compared in constant time and the
 * user is looked up whatever the comparison said, so neither timing nor the answer
 * tells a wrong password from an unknown e-mail.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { users } from "../db/schema";
import { logger } from "../logger";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** Constant-time equality of two secrets: digests have equal length whatever the inputs. */
export function isSamePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export type MakeAdminResult = { email: string } | null;

/** Marks the user with `email` as a system administrator; null when the password or the user is wrong. */
export async function makeSystemAdmin(
  email: string,
  givenPassword: string,
  setupPassword: string,
): Promise<MakeAdminResult> {
  const isPasswordRight = isSamePassword(givenPassword, setupPassword);
  const [user] = await db
    .select({ id: users.id, email: users.email, isSystemAdmin: users.isSystemAdmin })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!isPasswordRight || !user) return null;
  if (!user.isSystemAdmin) {
    await db.update(users).set({ isSystemAdmin: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    // A new platform administrator is worth a line in the log: it is the audit trail of setup.
    logger.warn({ userId: user.id }, "user made system administrator through admin setup");
  }
  return { email: user.email };
}
