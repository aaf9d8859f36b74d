import { z } from "zod";
import { PLAN_TYPES } from "../constants";
import { ZCompanyId, ZMomentText } from "./common";

export const ZPlanType = z.enum(PLAN_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ""
      ? "Plan type is required"
      : `Plan type must be one of ${PLAN_TYPES.join(", ")}`,
});

/** POST /api/create-subscription: the owner picks a plan for the company. */
export const ZCreateSubscription = z.object({ companyId: ZCompanyId, planType: ZPlanType });

/** POST /api/demo-billing/activate: the simulated payment of demo billing mode. */
export const ZDemoActivate = ZCreateSubscription;

/**
 * GET /api/billing-config: how this server takes payments. "stripe" gives the
 * publishable key for Stripe Elements; "demo" means payments are simulated;
 * "unavailable" is a production server without Stripe keys (nothing can be paid).
 */
export const ZBillingConfig = z
  .object({ mode: z.enum(["stripe", "demo", "unavailable"]), publishableKey: z.string().nullable() })
  .meta({ id: "BillingConfig" });
export type BillingConfigDTO = z.infer<typeof ZBillingConfig>;

/**
 * POST /api/create-subscription's answer. `clientSecret` confirms the first payment
 * with Stripe Elements; null when no payment is needed now (a plan change of an
 * active subscription, billed on the next invoice).
 */
export const ZCreateSubscriptionResult = z
  .object({ clientSecret: z.string().nullable() })
  .meta({ id: "CreateSubscriptionResult" });
export type CreateSubscriptionResultDTO = z.infer<typeof ZCreateSubscriptionResult>;

/** The company's subscription and trial as its members see them. */
export const ZSubscriptionInfo = z
  .object({
    subscriptionActive: z.boolean(),
    subscriptionStatus: z.string(),
    daysLeftInTrial: z.int(),
    trialExpired: z.boolean(),
    planType: z.enum(PLAN_TYPES),
    currentPeriodEnd: ZMomentText.nullable(),
    isFreeAccount: z.boolean(),
  })
  .meta({ id: "SubscriptionInfo" });
export type SubscriptionInfoDTO = z.infer<typeof ZSubscriptionInfo>;

export const ZPlan = z
  .object({ name: z.string(), price: z.number(), features: z.array(z.string()) })
  .meta({ id: "Plan" });
export type PlanDTO = z.infer<typeof ZPlan>;

/** GET /api/plans: every plan by its type. */
export const ZPlans = z.record(z.enum(PLAN_TYPES), ZPlan).meta({ id: "Plans" });
export type PlansDTO = z.infer<typeof ZPlans>;
