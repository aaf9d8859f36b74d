/** An owner sends a member a link to choose a new password (docs/auth.md). */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../db/client";
import { companyUsers, users } from "../db/schema";
import { NotFound } from "../errors";
import { consume, passwordResetsByAddress } from "../limits";
import type { CompanyAccess } from "../policies/company-access";
import { MEMBER_NOT_FOUND } from "./remove-member";
import { requestPasswordReset } from "./request-password-reset";

/**
 * Queues a reset e-mail to the member `userId` of the owner's company (404 for anyone
 * else). It counts against the address's limit like a request from the sign-in page, so
 * a Team screen cannot flood someone's inbox either.
 */
export async function sendMemberPasswordReset(owner: CompanyAccess, userId: string): Promise<void> {
  if (!z.uuid().safeParse(userId).success) throw new NotFound(MEMBER_NOT_FOUND);
  const [member] = await db
    .select({ email: users.email })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, owner.companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  if (!member) throw new NotFound(MEMBER_NOT_FOUND);
  const email = member.email.toLowerCase();
  await consume(passwordResetsByAddress, email);
  await requestPasswordReset(email, owner.userId);
}
