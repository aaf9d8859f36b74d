/**
 * Memberships in the web process's memory: a member's role and their company's billing
 * state, as the company door reads them (docs/realtime.md, "Caches in the web process").
 * company_user and companies stay the store of record; every command that changes who is
 * a member, a role or a company's billing state says so here, after it commits, and every
 * web process drops what it kept.
 */
import { onInvalidation, publishInvalidation } from "./channel";
import { InvalidatedMap } from "./invalidated-map";

/** The columns the door decides on; read-only is derived at each use (a trial ends by the clock). */
export type MembershipRow = {
  role: string;
  subscriptionStatus: string;
  trialEndsAt: Date;
  isFreeAccount: boolean;
};

/**
 * Grouped by company, keyed by user: a billing change drops the company's group at once.
 * A minute at most: the bound if a process died between a change's commit and its message.
 */
export const membershipCache = new InvalidatedMap<MembershipRow>(100_000, 60_000);

onInvalidation("member", (body) => {
  const [companyId, userId] = body.split("|");
  membershipCache.invalidate(companyId, userId);
});
onInvalidation("company", (companyId) => membershipCache.invalidate(companyId));

/** A member joined, left, or changed role or link: call after the change commits. */
export function memberAccessChanged(userId: string, companyId: string): void {
  publishInvalidation("member", `${companyId}|${userId}`);
}

/** The company's billing state changed (plan, trial, free access): every member's access with it. */
export function companyAccessChanged(companyId: string): void {
  publishInvalidation("company", companyId);
}
