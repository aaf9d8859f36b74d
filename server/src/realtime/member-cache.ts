/**
 * A short-lived Redis note that a user is a member of a company, so the 3 s chat poll
 * does not read company_user every time (its budget is one indexed read: the session).
 * Only "is a member" is cached, never the role or the trial state: changes still go
 * through requireCompany and the database. Removing a member forgets the note at once
 * (removeUserFromCompanyRoom); the TTL bounds any note a race might leave behind.
 */
import { loadCompanyAccess } from "../auth/company-access";
import { logger } from "../logger";
import { redis, redisKey } from "../redis";

export const MEMBER_CACHE_TTL_SECONDS = 30;

const memberKey = (companyId: string, userId: string) => redisKey(`member:${companyId}:${userId}`);

/** True when `userId` belongs to `companyId`: from Redis when noted, else from the database. */
export async function isMemberCached(userId: string, companyId: string): Promise<boolean> {
  const key = memberKey(companyId, userId);
  try {
    if ((await redis.get(key)) === "1") return true;
  } catch (error) {
    // Redis down: the database still answers, only slower.
    logger.warn({ err: error }, "member cache unavailable");
  }
  const access = await loadCompanyAccess(userId, companyId);
  if (!access) return false;
  redis.set(key, "1", "EX", MEMBER_CACHE_TTL_SECONDS).catch(() => {});
  return true;
}

/** Forgets the note, so a removed member's next poll is refused. */
export async function forgetMember(userId: string, companyId: string): Promise<void> {
  await redis.del(memberKey(companyId, userId));
}
