/**
 * Webhook events that must not be trusted: metadata naming a company that does not own
 * the event's customer, and subscriptions Stripe does not know. Both are logged and
 * answered 2xx (so Stripe stops retrying) and change nothing (docs/billing.md).
 */

import { db } from "@sched/core/db/client";
import { companies } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { StripeStub } from "./stripe-stub";
import { anonymous } from "./support";

const { stub, stubEnv } = await vi.hoisted(async () => {
  const { startStripeStub, stripeEnvFor } = await import("./stripe-stub");
  const started: StripeStub = await startStripeStub();
  const env = stripeEnvFor(started.port);
  Object.assign(process.env, env);
  process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}stripe-trust:`;
  return { stub: started, stubEnv: env };
});

afterAll(async () => {
  await stub.close();
  for (const name of Object.keys(stubEnv)) delete process.env[name];
});

let sequence = 0;
function deliver(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_trust_${Date.now()}_${++sequence}`,
    object: "event",
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: stubEnv.STRIPE_WEBHOOK_SECRET,
  });
  return anonymous()
    .post("/api/stripe/webhook")
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", signature)
    .send(payload);
}

async function companyRow(id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

describe("untrusted Stripe webhook events", () => {
  it("ignores an event whose metadata names another company than the customer's owner", async () => {
    const victim = await buildTenant();
    const payer = await buildTenant();
    const customer = `cus_${payer.company.id.slice(0, 8)}`;
    await db.update(companies).set({ stripeCustomerId: customer }).where(eq(companies.id, payer.company.id));
    // The payer's subscription claims, in its metadata, to be the victim's.
    const subscription = stub.putSubscription({
      customer,
      price: "price_pro_test",
      metadata: { companyId: victim.company.id },
    });
    const before = await companyRow(victim.company.id);

    const res = await deliver("customer.subscription.updated", {
      id: subscription.id,
      object: "subscription",
      customer,
      metadata: { companyId: victim.company.id },
    });

    expect(res.status).toBe(200);
    const after = await companyRow(victim.company.id);
    expect(after.subscriptionStatus).toBe(before.subscriptionStatus);
    expect(after.stripeSubscriptionId).toBeNull();
    expect(after.stripeCustomerId).toBeNull();
  });

  it("ignores an event for a subscription Stripe does not know, without a 500", async () => {
    const tenant = await buildTenant();
    const before = await companyRow(tenant.company.id);

    const res = await deliver("customer.subscription.updated", {
      id: "sub_unknown_to_stripe",
      object: "subscription",
      customer: "cus_unknown",
      metadata: { companyId: tenant.company.id },
    });

    expect(res.status).toBe(200);
    expect(await companyRow(tenant.company.id)).toEqual(before);
  });
});
