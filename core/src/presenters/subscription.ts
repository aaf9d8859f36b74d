import type { PlanType, SubscriptionInfoDTO } from "@sched/shared-types";
import type { companies } from "../db/schema";
import { daysLeftInTrial, isTrialExpired } from "../policies/subscription-state";

type CompanyBilling = Pick<
  typeof companies.$inferSelect,
  "subscriptionStatus" | "trialEndsAt" | "planType" | "currentPeriodEnd" | "isFreeAccount"
>;

/**
 * GET /api/company/:companyId/subscription. `subscriptionActive` means paid and in
 * good standing (status active) or given free access by a platform admin, not "may
 * make changes": a live trial is not an active subscription, which is why the banner
 * shows its days left.
 */
export function presentSubscriptionInfo(company: CompanyBilling, now = new Date()): SubscriptionInfoDTO {
  return {
    subscriptionActive: company.isFreeAccount || company.subscriptionStatus === "active",
    subscriptionStatus: company.subscriptionStatus,
    daysLeftInTrial: daysLeftInTrial(company, now),
    trialExpired: isTrialExpired(company, now),
    planType: company.planType as PlanType,
    currentPeriodEnd: company.currentPeriodEnd?.toISOString() ?? null,
    isFreeAccount: company.isFreeAccount,
  };
}
