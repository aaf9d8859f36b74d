/**
 * Failed sign-in counters in Redis: 10 failures in 15 minutes for one e-mail or one
 * IP lock further attempts until the window ends. Counters live only in Redis:
 * losing them loses no business data.
 */
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from "@sched/shared-types";
import { TooManyRequests } from "../errors";
import { redis, redisKey } from "../redis";

const keysFor = (scope: string, email: string, ip: string) => [
  redisKey(`ratelimit:${scope}:email:${email.toLowerCase()}`),
  redisKey(`ratelimit:${scope}:ip:${ip}`),
];

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Throws 429 when either counter has reached the limit. */
export async function assertNotLocked(scope: string, email: string, ip: string): Promise<void> {
  const keys = keysFor(scope, email, ip);
  const counts = await redis.mget(...keys);
  const lockedIndex = counts.findIndex((count) => Number(count ?? 0) >= LOGIN_MAX_FAILURES);
  if (lockedIndex === -1) return;
  const ttl = await redis.ttl(keys[lockedIndex]);
  const seconds = ttl > 0 ? ttl : LOGIN_WINDOW_SECONDS;
  throw new TooManyRequests(retryMessage(seconds), seconds);
}

export async function recordFailure(scope: string, email: string, ip: string): Promise<void> {
  const multi = redis.multi();
  for (const key of keysFor(scope, email, ip)) {
    multi.incr(key);
    // The window starts at the first failure and is not extended by later ones.
    multi.expire(key, LOGIN_WINDOW_SECONDS, "NX");
  }
  await multi.exec();
}

/** A success clears the e-mail's counter; the IP's stays, so one IP cannot probe many accounts. */
export async function clearFailures(scope: string, email: string): Promise<void> {
  await redis.del(redisKey(`ratelimit:${scope}:email:${email.toLowerCase()}`));
}
