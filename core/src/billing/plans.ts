/**
 * The plans: names and features live here, prices (cents) and Stripe price ids come
 * from the environment (PLAN_*_PRICE_CENTS, STRIPE_PRICE_*), so prices change without
 * a release.
 */
import { PLAN_TYPES, type PlansDTO, type PlanType } from "@sched/shared-types";
import { config } from "../config";
import { Unavailable } from "../errors";

const PLAN_DETAILS: Record<PlanType, { name: string; features: string[] }> = {
  basic: {
    name: "Basic",
    features: [
      "Weekly schedule with live updates",
      "Employee roster and schedule templates",
      "Schedule history, CSV export and printing",
      "Team chat and call log",
      "Email support",
    ],
  },
  pro: {
    name: "Pro",
    features: [
      "Everything in Basic",
      "Priority phone and email support",
      "Onboarding call for your team",
      "Early access to new features",
    ],
  },
};

export function listPlans(): PlansDTO {
  const plans = {} as PlansDTO;
  for (const planType of PLAN_TYPES) {
    plans[planType] = { ...PLAN_DETAILS[planType], price: config.planPrices[planType] };
  }
  return plans;
}

export const planName = (planType: PlanType) => PLAN_DETAILS[planType].name;

/** The Stripe price of a plan; a server without it cannot sell that plan (503, logged by the caller). */
export function priceIdFor(planType: PlanType): string {
  const priceId = config.stripe.priceIds[planType];
  if (!priceId) {
    throw new Unavailable(
      `The ${planName(planType)} plan is not available right now. Please try again later.`,
    );
  }
  return priceId;
}

/** Which plan a Stripe price sells; undefined for a price this app does not know. */
export function planTypeForPrice(priceId: string | undefined): PlanType | undefined {
  if (!priceId) return undefined;
  return PLAN_TYPES.find((planType) => config.stripe.priceIds[planType] === priceId);
}
