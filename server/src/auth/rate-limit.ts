/**
 * Credential checks under failure limits (docs/auth.md). Sign-in locks
 * only an (account, IP) pair: guesses never lock the owner out from another network, nor
 * from their own address when the guesses were at other accounts. Per IP and per account
 * it only slows down (a wait between attempts past a budget, growing per account), so
 * neither a shared address nor a forged X-Forwarded-For lifts or turns the limits against
 * the owner. Admin setup locks per IP and per e-mail. The limits themselves are defined
 * with the others in core/src/limits.ts; their counters live in Redis, with a count in
 * memory while Redis is away, so an outage never blocks sign-in.
 *
 * Every attempt is counted before its check, in one atomic step per counter: a burst of
 * parallel guesses finds the counters already taken by the ones before it, so no more than
 * the limits allow are ever checked.
 */

import { Unauthorized } from "@sched/core/errors";
import {
  adminSetupFailuresByEmail,
  adminSetupFailuresByIp,
  consume,
  forget,
  giveBack,
  type Limit,
  type Slowdown,
  signInFailuresByAccountAndIp,
  signInSlowdownByAccount,
  signInSlowdownByIp,
  takeTurn,
} from "@sched/core/limits";

type Attempt = { email: string; ip: string };

/**
 * Which counters lock a check, which slow it down, and which a success clears (the others
 * only get the success's own count back).
 */
type FailureRule = {
  /** Full, they refuse every attempt until their window ends. */
  locks: (attempt: Attempt) => [Limit, string][];
  /** Past their budget, they allow one attempt per wait. */
  slowdowns: (attempt: Attempt) => [Slowdown, string][];
  /** The IP's counters are never cleared, so no success buys more guesses from an address. */
  clearedOnSuccess: (attempt: Attempt) => [Limit, string][];
};

const account = (email: string) => email.toLowerCase();
const pair = ({ email, ip }: Attempt) => `${account(email)}|${ip}`;

const RULES = {
  login: {
    locks: (attempt) => [[signInFailuresByAccountAndIp, pair(attempt)]],
    slowdowns: ({ email, ip }) => [
      [signInSlowdownByIp, ip],
      [signInSlowdownByAccount, account(email)],
    ],
    // The right password ends the account's run of failures: its next wait starts over.
    clearedOnSuccess: (attempt) => [
      [signInFailuresByAccountAndIp, pair(attempt)],
      [signInSlowdownByAccount.failures, account(attempt.email)],
      [signInSlowdownByAccount.pace, account(attempt.email)],
    ],
  },
  // Setting up the first administrator is a one-time act: locking an e-mail out of it harms nobody.
  "make-admin": {
    locks: ({ email, ip }) => [
      [adminSetupFailuresByIp, ip],
      [adminSetupFailuresByEmail, account(email)],
    ],
    slowdowns: () => [],
    clearedOnSuccess: ({ email }) => [[adminSetupFailuresByEmail, account(email)]],
  },
} satisfies Record<string, FailureRule>;

export type FailureScope = keyof typeof RULES;

/**
 * Counts the attempt in every lock and slowdown before it is checked, or in none: a 429
 * from one gives back what the others counted, as the attempt is never checked.
 */
async function takeTurns(rule: FailureRule, attempt: Attempt): Promise<[Limit, string][]> {
  const taken: [Limit, string][] = [];
  try {
    for (const [limit, key] of rule.locks(attempt)) {
      await consume(limit, key);
      taken.push([limit, key]);
    }
    for (const [slowdown, key] of rule.slowdowns(attempt)) taken.push(...(await takeTurn(slowdown, key)));
  } catch (error) {
    await giveBackAll(taken);
    throw error;
  }
  return taken;
}

const giveBackAll = (uses: [Limit, string][]) =>
  Promise.all(uses.map(([limit, key]) => giveBack(limit, key)));

/**
 * Runs a credential check under the failure limits (docs/auth.md): 429
 * while a lock is full or a slowdown asks to wait; otherwise the attempt is counted as a
 * failure first, then checked. One that finds nothing keeps its count and answers 401
 * `refusal`; one that succeeds clears the counters its rule names and gives back the rest.
 * Sign-in and admin setup share it, each with its own scope.
 */
export async function checkWithFailureLimit<T>(
  scope: FailureScope,
  attempt: Attempt,
  refusal: string,
  check: () => Promise<T | null | undefined>,
): Promise<T> {
  const rule: FailureRule = RULES[scope];
  const taken = await takeTurns(rule, attempt);
  let result: T | null | undefined;
  try {
    result = await check();
  } catch (error) {
    // A check that could not run (the database away) is no failed guess.
    await giveBackAll(taken);
    throw error;
  }
  if (result === null || result === undefined) throw new Unauthorized(refusal);
  const cleared = rule.clearedOnSuccess(attempt);
  const isCleared = ([limit, key]: [Limit, string]) => cleared.some(([l, k]) => l === limit && k === key);
  // A pace stays taken: a slowdown allows one attempt per wait, right or wrong.
  const paces = new Set(rule.slowdowns(attempt).map(([slowdown]) => slowdown.pace));
  // Given back only where not cleared: a give-back after a delete would leave a point to spare.
  await Promise.all([
    giveBackAll(taken.filter((use) => !isCleared(use) && !paces.has(use[0]))),
    ...cleared.map(([limit, key]) => forget(limit, key)),
  ]);
  return result;
}

/** Clears an account's sign-in slowdown: a password reset proved the owner (docs/auth.md). */
export async function clearAccountSlowdown(email: string): Promise<void> {
  const key = account(email);
  await Promise.all([
    forget(signInSlowdownByAccount.failures, key),
    forget(signInSlowdownByAccount.pace, key),
  ]);
}
