/**
 * Credential checks under failure limits (docs/auth.md). Sign-in counts failures per IP
 * and per (account, IP) pair: an attacker's address is locked, the owner's own device is
 * not. Admin setup counts per IP and per e-mail. The limits themselves are defined with
 * the others in core/src/limits.ts; their counters live in Redis, with a count in memory
 * while Redis is away, so an outage never blocks sign-in.
 */

import { Unauthorized } from "@sched/core/errors";
import {
  adminSetupFailuresByEmail,
  adminSetupFailuresByIp,
  assertUnder,
  countFailure,
  forget,
  type Limit,
  signInFailuresByAccountAndIp,
  signInFailuresByIp,
} from "@sched/core/limits";

type Attempt = { email: string; ip: string };

/** Which counters a check counts its failures in, and which of them a success clears. */
type FailureRule = {
  counted: (attempt: Attempt) => [Limit, string][];
  /** The IP's counter is never cleared, so one address cannot probe many accounts. */
  clearedOnSuccess: (attempt: Attempt) => [Limit, string][];
};

const account = (email: string) => email.toLowerCase();

const RULES = {
  login: {
    counted: ({ email, ip }) => [
      [signInFailuresByIp, ip],
      [signInFailuresByAccountAndIp, `${account(email)}|${ip}`],
    ],
    clearedOnSuccess: ({ email, ip }) => [[signInFailuresByAccountAndIp, `${account(email)}|${ip}`]],
  },
  // Setting up the first administrator is a one-time act: locking an e-mail out of it harms nobody.
  "make-admin": {
    counted: ({ email, ip }) => [
      [adminSetupFailuresByIp, ip],
      [adminSetupFailuresByEmail, account(email)],
    ],
    clearedOnSuccess: ({ email }) => [[adminSetupFailuresByEmail, account(email)]],
  },
} satisfies Record<string, FailureRule>;

export type FailureScope = keyof typeof RULES;

/**
 * Runs a credential check under the failure limits: 429 while a counter is full; a check
 * that finds nothing counts a failure and answers 401 `refusal`; one that succeeds clears
 * the counters its rule names. Sign-in and admin setup share it, each with its own scope.
 */
export async function checkWithFailureLimit<T>(
  scope: FailureScope,
  attempt: Attempt,
  refusal: string,
  check: () => Promise<T | null | undefined>,
): Promise<T> {
  const rule: FailureRule = RULES[scope];
  const counters = rule.counted(attempt);
  for (const [limit, key] of counters) await assertUnder(limit, key);
  const result = await check();
  if (result === null || result === undefined) {
    await Promise.all(counters.map(([limit, key]) => countFailure(limit, key)));
    throw new Unauthorized(refusal);
  }
  await Promise.all(rule.clearedOnSuccess(attempt).map(([limit, key]) => forget(limit, key)));
  return result;
}
