/**
 * "Is this user a member of this company?" for the 3 s chat poll, without reading
 * company_user every time (its budget is one indexed read at most). A web process that
 * listens on the invalidation channel answers from its memberships in memory
 * (core/src/cache/memberships.ts: dropped on every process at a removal). Elsewhere, or
 * while that channel is not healthy, a short-lived Redis note answers: only "is a
 * member" is noted, never the role or the trial state; removing a member forgets the
 * note at once (removeUserFromCompanyRoom), and the TTL bounds any note a race might
 * leave behind.
 */

import { isChannelHealthy } from "./cache/channel";
import { loadCompanyAccess } from "./policies/company-access";
import { logRedisFailure, redis, redisKey } from "./redis";

export const MEMBER_CACHE_TTL_SECONDS = 30;

const memberKey = (companyId: string, userId: string) => redisKey(`member:${companyId}:${userId}`);

/** True when `userId` belongs to `companyId`: from memory or Redis when known, else from the database. */
export async function isMemberCached(userId: string, companyId: string): Promise<boolean> {
  if (isChannelHealthy()) return (await loadCompanyAccess(userId, companyId)) !== undefined;
  const key = memberKey(companyId, userId);
  try {
    if ((await redis.get(key)) === "1") return true;
  } catch (error) {
    // Redis down (the call fails at once, or within a second): the database still answers.
    logRedisFailure(error, "member cache unavailable");
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
