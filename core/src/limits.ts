/**
 * Every abuse limit of the app, in one place so the numbers are read together
 * (docs/api.md). A limit that is reached answers 429 `rate_limited` with
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
 * A budget that slows down instead of locking (docs/auth.md): the first
 * `freeFailures` checked attempts of a key in the `failures` window are free; past them, the
 * n-th checked attempt beyond them closes the key for `waitAfter(n)` seconds, and
 * every attempt meanwhile answers 429 with the seconds left. Someone with the right password
 * waits that long at most; a guesser is held to what the waits allow.
 */
export type Slowdown = {
  readonly failures: Limit;
  readonly freeFailures: number;
  readonly pace: Limit;
  readonly waitAfter: (beyondFree: number) => number;
};

function defineSlowdown(
  name: string,
  freeFailures: number,
  windowSeconds: number,
  waitAfter: (beyondFree: number) => number,
): Slowdown {
  return {
    // Counted with penalty(), which never refuses: the points only bound the memory fallback's key.
    failures: defineLimit(`${name}-failures`, Number.MAX_SAFE_INTEGER, windowSeconds, FAILED_ATTEMPTS),
    freeFailures,
    pace: defineLimit(`${name}-pace`, 1, windowSeconds, FAILED_ATTEMPTS),
    waitAfter,
  };
}

/**
 * Failed sign-ins from one address, whatever the account: past 30 in 15 minutes, one attempt
 * every 3 seconds. One address cannot probe many accounts quickly, and an office behind one
 * address (or a proxy without TRUST_PROXY) is slowed, never locked out.
 */
export const signInSlowdownByIp = defineSlowdown("sign-in-ip", 30, LOGIN_WINDOW_SECONDS, () => 3);

/** The longest an account stays closed after one more failure: 15 minutes. */
const ACCOUNT_WAIT_CAP_SECONDS = 15 * 60;

/**
 * Failed sign-ins to one account, from every address together, in a day since the first:
 * 10 are free, then the wait after each doubles from 5 seconds up to 15 minutes (about 110
 * guesses a day in all, wherever they come from). It holds whatever address the attempts
 * claim; the owner it holds back signs in with a reset link, which clears it (docs/auth.md).
 */
export const signInSlowdownByAccount = defineSlowdown("sign-in-account", 10, DAY, (beyondFree) =>
  Math.min(5 * 2 ** (beyondFree - 1), ACCOUNT_WAIT_CAP_SECONDS),
);

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

/**
 * Invitation e-mails sent from one network, by every account together: new accounts each
 * bring their own inviter and company budgets, so the address is what bounds them.
 */
export const invitationsByNetwork = defineLimit(
  "invitations-network",
  100,
  DAY,
  "Too many invitations were sent from this network.",
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
 * Password reset e-mails to one address (docs/auth.md), counted
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

/**
 * Online bookings from one network, for every company together (docs/booking.md): the
 * public page has no account to count under, so the address is what bounds a script
 * (BOOKINGS_PER_NETWORK_PER_HOUR, default 10).
 */
export const bookingsByNetwork = defineLimit(
  "bookings-network",
  config.bookingsPerNetworkPerHour,
  HOUR,
  "Too many bookings were made from this network.",
);

/** Online bookings for one street address at one company (normalized): a prank fills no day. */
export const bookingsByAddress = defineLimit(
  "bookings-address",
  5,
  DAY,
  "Too many bookings were made for this address.",
);

/**
 * Changes made on visit pages (reschedule, cancel, notes: docs/visits.md) from one network:
 * each may send the customer a message, so a script on a leaked link is bounded.
 */
export const visitChangesByNetwork = defineLimit(
  "visit-changes-network",
  30,
  HOUR,
  "Too many changes were made from this network.",
);

/**
 * Answers on quote pages (approve, decline: docs/quotes.md) from one network: each makes a
 * job or tells the office, so a script on a leaked link is bounded like the visit page.
 */
export const quoteAnswersByNetwork = defineLimit(
  "quote-answers-network",
  30,
  HOUR,
  "Too many answers were sent from this network.",
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

/**
 * One attempt through a slowdown's door, counted before it is checked so that a burst of
 * attempts cannot all pass while the count is still low. Under the free failures it passes;
 * past them, it passes only when the key is open, and closes it for the slowdown's wait;
 * otherwise 429 with the seconds left, and the attempt is given back (it was never checked).
 * Resolves with the counters it used, for the caller to give back or clear.
 */
export async function takeTurn(slowdown: Slowdown, key: string): Promise<[Limit, string][]> {
  const { consumedPoints: attempt } = await slowdown.failures.limiter.penalty(key);
  const counted: [Limit, string][] = [[slowdown.failures, key]];
  if (attempt <= slowdown.freeFailures) return counted;
  try {
    const wait = slowdown.waitAfter(attempt - slowdown.freeFailures);
    await slowdown.pace.limiter.consume(key, 1, { customDuration: wait });
  } catch (rejection) {
    await slowdown.failures.limiter.reward(key);
    throw asRefusal(slowdown.pace, rejection);
  }
  return [...counted, [slowdown.pace, key]];
}

/** Gives back one use of `key` (an attempt that turned out right is not a failure). */
export async function giveBack(limit: Limit, key: string): Promise<void> {
  await limit.limiter.reward(key);
}

/** Forgets `key`'s uses (a success clears its failures). */
export async function forget(limit: Limit, key: string): Promise<void> {
  await limit.limiter.delete(key);
}
