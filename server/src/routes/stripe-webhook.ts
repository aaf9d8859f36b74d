import { Router } from "express";
import Stripe from "stripe";
import { handleStripeEvent } from "../billing/webhook";
import { config } from "../config";
import { BadRequest } from "../errors";
import { logger } from "../logger";

/**
 * POST /api/stripe/webhook. app.ts hands this router the raw bytes (express.raw):
 * the signature covers them exactly, so no JSON parser may run first.
 */
export const stripeWebhookRouter = Router();

stripeWebhookRouter.post("/", async (req, res) => {
  const secret = config.stripe.webhookSecret;
  if (!secret) {
    logger.warn("stripe webhook received but STRIPE_WEBHOOK_SECRET is not set");
    throw new BadRequest("Stripe webhooks are not configured on this server");
  }
  const signature = req.get("stripe-signature");
  if (!signature || !Buffer.isBuffer(req.body)) throw new BadRequest("Missing Stripe signature");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(req.body, signature, secret);
  } catch {
    throw new BadRequest("Invalid Stripe signature");
  }
  const outcome = await handleStripeEvent(event);
  res.json({ received: true, duplicate: outcome.duplicate });
});
