import { type BillingConfigDTO, ZCreateSubscription, ZDemoActivate } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { Router } from "express";
import { memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { activateDemoPlan } from "../billing/demo";
import { listPlans } from "../billing/plans";
import { startSubscription } from "../billing/start-subscription";
import { isDemoBilling, isDemoPaymentEnabled } from "../billing/stripe-client";
import { config } from "../config";
import { db } from "../db/client";
import { companies } from "../db/schema";
import { HttpError } from "../errors";
import { validate } from "../middleware/validate";
import { presentSubscriptionInfo } from "../presenters/subscription";

/** Mounted at /api: the paths are SPEC section 7's. */
export const subscriptionRouter = Router();

subscriptionRouter.get("/subscription-plans", requireUser, (_req, res) => {
  res.json(listPlans());
});

/** How the client takes payments: Stripe Elements with this key, or the demo form. */
subscriptionRouter.get("/billing-config", requireUser, (_req, res) => {
  let body: BillingConfigDTO = { mode: "stripe", publishableKey: config.stripe.publishableKey ?? null };
  if (isDemoBilling()) body = { mode: isDemoPaymentEnabled() ? "demo" : "unavailable", publishableKey: null };
  res.json(body);
});

subscriptionRouter.get(
  "/company/:companyId/subscription",
  requireUser,
  requireCompany("read"),
  async (req, res) => {
    const [company] = await db
      .select()
      .from(companies)
      .where(eq(companies.id, memberOf(req).companyId));
    res.json(presentSubscriptionInfo(company));
  },
);

subscriptionRouter.post(
  "/create-subscription",
  requireUser,
  validate(ZCreateSubscription),
  requireCompany("manageBilling"),
  async (req, res) => {
    if (isDemoBilling()) {
      throw new HttpError(
        409,
        "Payments are simulated on this server (demo billing mode): use the demo payment form",
      );
    }
    res.json(await startSubscription(memberOf(req).companyId, req.body.planType));
  },
);

// Only where nothing real can be bought: never with Stripe keys, never in production.
if (isDemoPaymentEnabled()) {
  subscriptionRouter.post(
    "/demo-billing/activate",
    requireUser,
    validate(ZDemoActivate),
    requireCompany("manageBilling"),
    async (req, res) => {
      const { companyId, userId } = memberOf(req);
      await activateDemoPlan(companyId, req.body.planType, userId);
      const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
      res.json(presentSubscriptionInfo(company));
    },
  );
}
