/** The trial and subscription rules (docs/billing.md) as pure functions of the company and the time. */
import { TRIAL_DAYS } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import {
  daysLeftInTrial,
  isCompanyReadOnly,
  isSubscriptionActive,
  isTrialExpired,
  trialEndFrom,
} from "../src/policies/subscription-state";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const now = new Date("2026-11-23T12:00:00Z");
const trialEndingIn = (ms: number) => ({
  subscriptionStatus: "trial",
  isFreeAccount: false,
  trialEndsAt: new Date(now.getTime() + ms),
});

describe("the trial", () => {
  it(`lasts ${TRIAL_DAYS} days from sign-up, to the millisecond`, () => {
    expect(trialEndFrom(now).toISOString()).toBe("2026-12-07T12:00:00.000Z");
  });

  it("counts whole days left, rounding up, and 0 once it has ended", () => {
    expect(daysLeftInTrial(trialEndingIn(14 * DAY_MS), now)).toBe(14);
    expect(daysLeftInTrial(trialEndingIn(2.5 * DAY_MS), now)).toBe(3);
    expect(daysLeftInTrial(trialEndingIn(HOUR_MS), now)).toBe(1);
    expect(daysLeftInTrial(trialEndingIn(0), now)).toBe(0);
    expect(daysLeftInTrial(trialEndingIn(-DAY_MS), now)).toBe(0);
  });

  it("has ended at its very end, not a moment later", () => {
    expect(isTrialExpired(trialEndingIn(1), now)).toBe(false);
    expect(isTrialExpired(trialEndingIn(0), now)).toBe(true);
  });
});

describe("who may still make changes", () => {
  it("a live trial, a paid company and a free one; an ended trial only reads", () => {
    expect(isCompanyReadOnly(trialEndingIn(DAY_MS), now)).toBe(false);
    expect(isCompanyReadOnly(trialEndingIn(-1), now)).toBe(true);
    expect(isCompanyReadOnly({ ...trialEndingIn(-DAY_MS), subscriptionStatus: "active" }, now)).toBe(false);
    expect(isCompanyReadOnly({ ...trialEndingIn(-DAY_MS), isFreeAccount: true }, now)).toBe(false);
  });

  it("not a company whose subscription lapsed, even with trial days on the clock", () => {
    for (const status of ["canceled", "past_due", "unpaid", "incomplete", "paused"])
      expect(isSubscriptionActive({ ...trialEndingIn(DAY_MS), subscriptionStatus: status }, now)).toBe(false);
  });
});
