/**
 * Every abuse limit of the app, in one place so the numbers are read together
 * (docs/api.md, "Limits"). A limit that is reached answers 429 `rate_limited` with
 * Retry-After and the time to wait in its message.
 *
 * They live in core because two of them are decided inside commands: an invitation
 * counts only when an e-mail will really go out, which the invite command knows under
 * its lock, and a chat post counts before it is stored. The HTTP ones (sign-in,
 * registration, company creation) use the same definitions.
 *
 * Counters are kept in Redis, shared by every process, by rate-limiter-flexible. When
 * Redis does not answer, a per-process counter in memory (the insurance limiter) takes
 * over: an outage neither blocks sign-in nor lifts the limits.
 */
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from "@sched/shared-types";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { config } from "./config";
import { TooManyRequests } from "./errors";
import { redis, redisKey } from "./redis";

export type Limit = {
  /** The most uses (or failures) a key may have in one window. */
  readonly points: number;
  /** What the refusal says before "Try again in ...". */
  readonly refusal: string;
  readonly limiter: RateLimiterRedis;
};

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

function defineLimit(name: string, points: number, windowSeconds: number, refusal: string): Limit {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: redisKey(`limit:${name}`),
    points,
    // The window starts at the first use and is not extended by later ones.
    duration: windowSeconds,
    // Without a connection, go to the insurance at once rather than wait.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: windowSeconds }),
  });
  return { points, refusal, limiter };
}

const FAILED_ATTEMPTS = "Too many failed attempts.";

/**
 * Failed sign-ins to one account from one address: the 5th locks that pair for the rest of
 * its 15 minutes. Counted per pair, so guessing from elsewhere never locks the owner out of
 * their own device, and guesses at other accounts never lock this one; a success clears it.
 */
export const signInFailuresByAccountAndIp = defineLimit(
  "sign-in-account-ip",
  5,
  LOGIN_WINDOW_SECONDS,
  FAILED_ATTEMPTS,
);

/**
 * A budget that slows down instead of locking: past `failures.points` failures of a key in
 * the window, the key may try once per `pace` window, and every other attempt answers 429
 * with a Retry-After of a few seconds. Someone with the right password waits those seconds
 * at most; a guesser is held to a few guesses a minute.
 */
export type Slowdown = { readonly failures: Limit; readonly pace: Limit };

function defineSlowdown(name: string, freeFailures: number, paceSeconds: number): Slowdown {
  return {
    failures: defineLimit(`${name}-failures`, freeFailures, LOGIN_WINDOW_SECONDS, FAILED_ATTEMPTS),
    pace: defineLimit(`${name}-pace`, 1, paceSeconds, FAILED_ATTEMPTS),
  };
}

/**
 * Failed sign-ins from one address, whatever the account: past 30 in 15 minutes, one attempt
 * every 3 seconds. One address cannot probe many accounts quickly, and an office behind one
 * address (or a proxy without TRUST_PROXY) is slowed, never locked out.
 */
export const signInSlowdownByIp = defineSlowdown("sign-in-ip", 30, 3);

/**
 * Failed sign-ins to one account, from every address together: past 10 in 15 minutes, one
 * attempt every 5 seconds. It holds whatever address the attempts claim (a forged
 * X-Forwarded-For changes the pair, not the account), and slows the owner by seconds at most.
 */
export const signInSlowdownByAccount = defineSlowdown("sign-in-account", 10, 5);

/** Wrong setup passwords (POST /api/make-admin), per address and per e-mail. */
export const adminSetupFailuresByIp = defineLimit(
  "admin-setup-ip",
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
  FAILED_ATTEMPTS,
);
export const adminSetupFailuresByEmail = defineLimit(
  "admin-setup-email",
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
  FAILED_ATTEMPTS,
);

/** Invitation e-mails one user sends, from every company they can invite in together. */
export const invitationsByInviter = defineLimit(
  "invitations-inviter",
  50,
  DAY,
  "You have sent too many invitations.",
);

/** Invitation e-mails one company sends. */
export const invitationsByCompany = defineLimit(
  "invitations-company",
  20,
  HOUR,
  "This company has sent too many invitations.",
);

/** Invitation e-mails to one address, from every company together. */
export const invitationsByAddress = defineLimit(
  "invitations-address",
  3,
  DAY,
  "This address has received too many invitations.",
);

/** Chat messages one user posts. */
export const chatPostsByUser = defineLimit("chat-user", 30, 60, "You are sending messages too fast.");

/** Accounts created from one address (REGISTRATIONS_PER_IP_PER_HOUR, default 10). */
export const registrationsByIp = defineLimit(
  "registrations-ip",
  config.registrationsPerIpPerHour,
  HOUR,
  "Too many accounts were created from this network.",
);

/**
 * Companies one user creates after their first (POST /api/companies): each company may send
 * its own invitations, so many companies would multiply the invitation limits.
 */
export const companiesByUser = defineLimit("companies-user", 5, DAY, "You have created too many companies.");

/** Companies created from one address (POST /api/companies), by every account together. */
export const companiesByIp = defineLimit(
  "companies-ip",
  20,
  DAY,
  "Too many companies were created from this network.",
);

/**
 * Password reset e-mails to one address (docs/auth.md, "A forgotten password"), counted
 * whether or not an account uses it, so the limit tells nobody who has one.
 */
export const passwordResetsByAddress = defineLimit(
  "password-resets-address",
  3,
  HOUR,
  "Too many reset links were asked for this address.",
);

/** Password reset requests from one network, for every address together. */
export const passwordResetsByIp = defineLimit(
  "password-resets-ip",
  20,
  HOUR,
  "Too many reset links were asked from this network.",
);

/** "Try again in 15 minutes.": seconds under a minute, hours past two. */
export function retryText(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, "second"]
      : seconds <= 120 * 60
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / HOUR), "hour"];
  return `Try again in ${amount} ${unit}${amount === 1 ? "" : "s"}.`;
}

function refusal(limit: Limit, msBeforeNext: number): TooManyRequests {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new TooManyRequests(`${limit.refusal} ${retryText(seconds)}`, seconds);
}

/** A rejection that is a reached limit becomes the 429; anything else is rethrown. */
function asRefusal(limit: Limit, rejection: unknown): unknown {
  return rejection instanceof RateLimiterRes ? refusal(limit, rejection.msBeforeNext) : rejection;
}

/** Counts one use of `key`; 429 when it is one too many. */
export async function consume(limit: Limit, key: string): Promise<void> {
  try {
    await limit.limiter.consume(key);
  } catch (rejection) {
    throw asRefusal(limit, rejection);
  }
}

/**
 * Counts one use under each limit, or none: when one refuses, the uses already counted
 * are given back, so a refused request costs nothing.
 */
export async function consumeAll(uses: [Limit, string][]): Promise<void> {
  const counted: [Limit, string][] = [];
  for (const [limit, key] of uses) {
    try {
      await consume(limit, key);
      counted.push([limit, key]);
    } catch (error) {
      await Promise.all(counted.map(([done, doneKey]) => done.limiter.reward(doneKey)));
      throw error;
    }
  }
}

/** 429 when `key` has already used up the limit; counts nothing (failures are counted apart). */
export async function assertUnder(limit: Limit, key: string): Promise<void> {
  const used = await limit.limiter.get(key);
  if (used && used.consumedPoints >= limit.points) throw refusal(limit, used.msBeforeNext);
}

/**
 * The slowdown's door: under its free failures, nothing; past them, one attempt per pace
 * window for each key, or 429 with the seconds to wait. Every pace or none is counted.
 */
export async function keepPace(uses: [Slowdown, string][]): Promise<void> {
  const paced: [Limit, string][] = [];
  for (const [slowdown, key] of uses) {
    const used = await slowdown.failures.limiter.get(key);
    if (used && used.consumedPoints >= slowdown.failures.points) paced.push([slowdown.pace, key]);
  }
  await consumeAll(paced);
}

/** Counts one failure of `key` without refusing anything now. */
export async function countFailure(limit: Limit, key: string): Promise<void> {
  await limit.limiter.penalty(key);
}

/** Forgets `key`'s uses (a success clears its failures). */
export async function forget(limit: Limit, key: string): Promise<void> {
  await limit.limiter.delete(key);
}
