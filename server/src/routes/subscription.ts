/** Plans, payment and the company's subscription (docs/billing.md); mounted at the /api root. */
import { activateDemoPlan } from "@sched/core/billing/demo";
import { listPlans } from "@sched/core/billing/plans";
import { startSubscription } from "@sched/core/billing/start-subscription";
import { isDemoBilling, isDemoPaymentEnabled } from "@sched/core/billing/stripe-client";
import { Conflict, Unavailable } from "@sched/core/errors";
import { billingConfig, getSubscriptionInfo } from "@sched/core/queries/subscription";
import {
  ZBillingConfig,
  ZCreateSubscription,
  ZCreateSubscriptionResult,
  ZDemoActivate,
  ZPlans,
  ZSubscriptionInfo,
} from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";

export const subscriptionRouter = Router();

export const PAYMENTS_NOT_SET_UP =
  "Card payments are not set up on this server. Please contact support to pay.";

subscriptionRouter.get(
  "/subscription-plans",
  route({ access: "user", response: ZPlans }, () => listPlans()),
);

subscriptionRouter.get(
  "/billing-config",
  route({ access: "user", response: ZBillingConfig }, () => billingConfig()),
);

subscriptionRouter.get(
  "/company/:companyId/subscription",
  route({ access: { company: "read" }, response: ZSubscriptionInfo }, ({ member }) =>
    getSubscriptionInfo(member.companyId),
  ),
);

subscriptionRouter.post(
  "/create-subscription",
  route(
    { access: { company: "manageBilling" }, body: ZCreateSubscription, response: ZCreateSubscriptionResult },
    ({ member, body }) => {
      // A production server without Stripe keys has no demo form to point to (docs/billing.md).
      if (isDemoBilling() && !isDemoPaymentEnabled()) throw new Unavailable(PAYMENTS_NOT_SET_UP);
      if (isDemoBilling()) {
        throw new Conflict(
          "Payments are simulated on this server (demo billing mode): use the demo payment form",
        );
      }
      return startSubscription(member.companyId, body.planType);
    },
  ),
);

// Only where nothing real can be bought: never with Stripe keys, never in production.
if (isDemoPaymentEnabled()) {
  subscriptionRouter.post(
    "/demo-billing/activate",
    route(
      { access: { company: "manageBilling" }, body: ZDemoActivate, response: ZSubscriptionInfo },
      async ({ member, body }) => {
        await activateDemoPlan(member.companyId, body.planType, member.userId);
        return getSubscriptionInfo(member.companyId);
      },
    ),
  );
}
