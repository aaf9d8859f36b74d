/**
 * Credential checks under failure limits (docs/auth.md, "Sign-in limits"). Sign-in locks
 * only an (account, IP) pair: guesses never lock the owner out from another network, nor
 * from their own address when the guesses were at other accounts. Per IP and per account
 * it only slows down (a few seconds between attempts past a budget), so neither a shared
 * address nor a forged X-Forwarded-For lifts or turns the limits against the owner.
 * Admin setup locks per IP and per e-mail. The limits themselves are defined with the
 * others in core/src/limits.ts; their counters live in Redis, with a count in memory
 * while Redis is away, so an outage never blocks sign-in.
 */

import { Unauthorized } from "@sched/core/errors";
import {
  adminSetupFailuresByEmail,
  adminSetupFailuresByIp,
  assertUnder,
  countFailure,
  forget,
  keepPace,
  type Limit,
  type Slowdown,
  signInFailuresByAccountAndIp,
  signInSlowdownByAccount,
  signInSlowdownByIp,
} from "@sched/core/limits";

type Attempt = { email: string; ip: string };

/**
 * Which counters lock a check, which slow it down, which of them its failures count in,
 * and which a success clears.
 */
type FailureRule = {
  /** Full, they refuse every attempt until their window ends. */
  locks: (attempt: Attempt) => [Limit, string][];
  /** Past their budget, they allow one attempt per few seconds. */
  slowdowns: (attempt: Attempt) => [Slowdown, string][];
  /** The IP's and the account's counters are never cleared, so no success buys more guesses. */
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
    clearedOnSuccess: (attempt) => [[signInFailuresByAccountAndIp, pair(attempt)]],
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
 * Runs a credential check under the failure limits: 429 while a lock is full or a slowdown
 * asks to wait; a check that finds nothing counts a failure in every counter and answers
 * 401 `refusal`; one that succeeds clears the counters its rule names. Sign-in and admin
 * setup share it, each with its own scope.
 */
export async function checkWithFailureLimit<T>(
  scope: FailureScope,
  attempt: Attempt,
  refusal: string,
  check: () => Promise<T | null | undefined>,
): Promise<T> {
  const rule: FailureRule = RULES[scope];
  const locks = rule.locks(attempt);
  const slowdowns = rule.slowdowns(attempt);
  for (const [limit, key] of locks) await assertUnder(limit, key);
  await keepPace(slowdowns);
  const counters = [
    ...locks,
    ...slowdowns.map(([slowdown, key]): [Limit, string] => [slowdown.failures, key]),
  ];
  const result = await check();
  if (result === null || result === undefined) {
    await Promise.all(counters.map(([limit, key]) => countFailure(limit, key)));
    throw new Unauthorized(refusal);
  }
  await Promise.all(rule.clearedOnSuccess(attempt).map(([limit, key]) => forget(limit, key)));
  return result;
}
