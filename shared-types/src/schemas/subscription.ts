import { z } from "zod";
import { PLAN_TYPES } from "../constants";
import { ZCompanyId } from "./common";

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
export type BillingConfigDTO = { mode: "stripe" | "demo" | "unavailable"; publishableKey: string | null };

/**
 * POST /api/create-subscription's answer. `clientSecret` confirms the first payment
 * with Stripe Elements; null when no payment is needed now (a plan change of an
 * active subscription, billed on the next invoice).
 */
export type CreateSubscriptionResultDTO = { clientSecret: string | null };
