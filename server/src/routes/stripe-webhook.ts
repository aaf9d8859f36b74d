/**
 * POST /api/stripe/webhook (docs/billing.md). app.ts hands this router the raw bytes
 * (express.raw): the signature covers them exactly, so no JSON parser may run first.
 */
import { handleStripeEvent } from "@sched/core/billing/webhook";
import { config } from "@sched/core/config";
import { BadRequest } from "@sched/core/errors";
import { logger } from "@sched/core/logger";
import { type Request, Router } from "express";
import Stripe from "stripe";
import { route } from "../http/route";

export const stripeWebhookRouter = Router();

/** The event Stripe signed; 400 when webhooks are not configured or the signature does not match. */
function verifiedEvent(req: Request): Stripe.Event {
  const secret = config.stripe.webhookSecret;
  if (!secret) {
    logger.warn("stripe webhook received but STRIPE_WEBHOOK_SECRET is not set");
    throw new BadRequest("Stripe webhooks are not configured on this server");
  }
  const signature = req.get("stripe-signature");
  if (!signature || !Buffer.isBuffer(req.body)) throw new BadRequest("Missing Stripe signature");
  try {
    return Stripe.webhooks.constructEvent(req.body, signature, secret);
  } catch {
    throw new BadRequest("Invalid Stripe signature");
  }
}

stripeWebhookRouter.post(
  "/",
  route({ access: "public" }, async ({ req }) => {
    const outcome = await handleStripeEvent(verifiedEvent(req));
    return { received: true, duplicate: outcome.duplicate };
  }),
);
