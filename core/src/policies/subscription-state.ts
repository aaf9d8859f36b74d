/** Subscription state rules: the trial, and when a company is read-only (docs/billing.md), pure. */
import { TRIAL_DAYS } from "@sched/shared-types";

const DAY_MS = 24 * 60 * 60 * 1000;

type BillingState = { subscriptionStatus: string; trialEndsAt: Date; isFreeAccount: boolean };

export const trialEndFrom = (start: Date) => new Date(start.getTime() + TRIAL_DAYS * DAY_MS);

export function isTrialExpired(company: Pick<BillingState, "trialEndsAt">, now = new Date()): boolean {
  return company.trialEndsAt.getTime() <= now.getTime();
}

/** Whole days left in the trial, rounded up; 0 once it has ended. */
export function daysLeftInTrial(company: Pick<BillingState, "trialEndsAt">, now = new Date()): number {
  return Math.max(0, Math.ceil((company.trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

/** Paid or free companies have full access; a live trial too. */
export function isSubscriptionActive(company: BillingState, now = new Date()): boolean {
  if (company.isFreeAccount || company.subscriptionStatus === "active") return true;
  return company.subscriptionStatus === "trial" && !isTrialExpired(company, now);
}

export function isCompanyReadOnly(company: BillingState, now = new Date()): boolean {
  return !isSubscriptionActive(company, now);
}
