/**
 * POST /api/stripe/webhook: signed with the SDK's test-header helper, re-read against a
 * local stub of the Stripe API, each event id handled once.
 */

import { db } from "@sched/core/db/client";
import { companies, notifications, stripeEvents } from "@sched/core/db/schema";
import { getEmailQueue } from "@sched/core/queues";
import { buildTenant } from "@sched/core/test/factories";
import { and, asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import type request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import type { StripeStub } from "./stripe-stub";
import { anonymous } from "./support";

const { stub, stubEnv } = await vi.hoisted(async () => {
  const { startStripeStub, stripeEnvFor } = await import("./stripe-stub");
  const started: StripeStub = await startStripeStub();
  const env = stripeEnvFor(started.port);
  Object.assign(process.env, env);
  // Queues of their own: another file's running workers must not take this file's e-mail jobs.
  process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}stripe-webhook:`;
  return { stub: started, stubEnv: env };
});

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
  await stub.close();
  for (const name of Object.keys(stubEnv)) delete process.env[name];
});

let eventSequence = 0;

function eventFor(type: string, object: object) {
  return { id: `evt_test_${Date.now()}_${++eventSequence}`, object: "event", type, data: { object } };
}

/** Sends `event` signed as Stripe signs it (or with `secret` when given). */
function deliver(event: object, secret = stubEnv.STRIPE_WEBHOOK_SECRET): request.Test {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return anonymous()
    .post("/api/stripe/webhook")
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", signature)
    .send(payload);
}

/** A trial company with a Stripe subscription in the stub, as after the owner chose a plan. */
async function subscribedTenant(price = "price_pro_test") {
  const tenant = await buildTenant();
  const customer = `cus_${tenant.company.id.slice(0, 8)}`;
  const subscription = stub.putSubscription({ customer, price, metadata: { companyId: tenant.company.id } });
  await db
    .update(companies)
    .set({ stripeCustomerId: customer, stripeSubscriptionId: subscription.id })
    .where(eq(companies.id, tenant.company.id));
  return { ...tenant, subscription };
}

async function companyRow(id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** The owner's payment entries in the bell, each by its headline ("Payment failed"). */
const paymentActivities = async (companyId: string) => {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.companyId, companyId), eq(notifications.kind, "payment.updated")))
    .orderBy(asc(notifications.createdAt));
  return rows.map((row) => ({ ...row, title: row.message.split(". ")[0] }));
};

describe("POST /api/stripe/webhook", () => {
  it("answers 400 to a missing or wrong signature and changes nothing", async () => {
    const { company, subscription } = await subscribedTenant();
    stub.setStatus(subscription.id, "active");
    const event = eventFor("customer.subscription.updated", subscription);
    const unsigned = await anonymous()
      .post("/api/stripe/webhook")
      .set("Content-Type", "application/json")
      .send(JSON.stringify(event));
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe("Missing Stripe signature");
    const forged = await deliver(event, "whsec_someone_else");
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe("Invalid Stripe signature");
    expect((await companyRow(company.id)).subscriptionStatus).toBe("trial");
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it("activates the plan from invoice.paid, tells the company's browsers and the bell", async () => {
    const { company, owner, subscription } = await subscribedTenant();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const updated = nextEvent(socket, "subscription.updated");
    stub.setStatus(subscription.id, "active");
    const invoice = {
      id: "in_paid",
      object: "invoice",
      customer: subscription.customer,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: { companyId: company.id } },
      },
    };
    const res = await deliver(eventFor("invoice.paid", invoice));
    expect(res.status).toBe(200);
    expect(await updated).toEqual({ companyId: company.id });
    socket.close();

    const row = await companyRow(company.id);
    const item = subscription.items.data[0];
    expect(row).toMatchObject({ subscriptionStatus: "active", planType: "pro" });
    expect(row.currentPeriodStart?.getTime()).toBe(item.current_period_start * 1000);
    expect(row.currentPeriodEnd?.getTime()).toBe(item.current_period_end * 1000);
    expect((await paymentActivities(company.id)).map((a) => a.title)).toEqual(["Subscription active"]);
  });

  it("handles the same event id once", async () => {
    const { company, subscription } = await subscribedTenant();
    stub.setStatus(subscription.id, "active");
    const event = eventFor("customer.subscription.updated", subscription);
    const first = await deliver(event);
    expect(first.body).toEqual({ received: true, duplicate: false });
    // Stripe changes its mind in between: a replay of the old event must not apply it again.
    stub.setStatus(subscription.id, "past_due");
    const second = await deliver(event);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ received: true, duplicate: true });
    expect((await companyRow(company.id)).subscriptionStatus).toBe("active");
    expect(await paymentActivities(company.id)).toHaveLength(1);
  });

  it("ends in Stripe's current state whatever order the events arrive in", async () => {
    const { company, subscription } = await subscribedTenant();
    // Stripe's state now: paid. The events arrive newest first.
    stub.setStatus(subscription.id, "active");
    const updatedEvent = eventFor("customer.subscription.updated", { ...subscription, status: "active" });
    const createdEvent = eventFor("customer.subscription.created", { ...subscription, status: "incomplete" });
    expect((await deliver(updatedEvent)).status).toBe(200);
    expect((await deliver(createdEvent)).status).toBe(200);
    expect((await companyRow(company.id)).subscriptionStatus).toBe("active");

    // Canceled later; a late "updated: active" after the deletion leaves it canceled.
    stub.setStatus(subscription.id, "canceled");
    await deliver(eventFor("customer.subscription.deleted", { ...subscription, status: "canceled" }));
    await deliver(eventFor("customer.subscription.updated", { ...subscription, status: "active" }));
    expect((await companyRow(company.id)).subscriptionStatus).toBe("canceled");
    expect((await paymentActivities(company.id)).map((a) => a.title)).toEqual([
      "Subscription active",
      "Subscription canceled",
    ]);
  });

  it("records a failed payment as past_due and says so in the bell", async () => {
    const { company, subscription } = await subscribedTenant("price_basic_test");
    stub.setStatus(subscription.id, "active");
    await deliver(eventFor("customer.subscription.updated", subscription));
    stub.setStatus(subscription.id, "past_due");
    const invoice = {
      id: "in_failed",
      object: "invoice",
      customer: subscription.customer,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
    };
    await deliver(eventFor("invoice.payment_failed", invoice));
    expect(await companyRow(company.id)).toMatchObject({ subscriptionStatus: "past_due", planType: "basic" });
    const titles = (await paymentActivities(company.id)).map((a) => a.title);
    expect(titles).toEqual(["Subscription active", "Payment failed"]);
  });

  it("keeps the trial while the first payment is unfinished, and ignores an older subscription's events", async () => {
    const { company, subscription } = await subscribedTenant();
    await deliver(eventFor("customer.subscription.created", subscription));
    expect((await companyRow(company.id)).subscriptionStatus).toBe("trial");

    const abandoned = stub.putSubscription({
      customer: subscription.customer,
      price: "price_basic_test",
      status: "incomplete_expired",
      metadata: { companyId: company.id },
    });
    await deliver(eventFor("customer.subscription.updated", abandoned));
    expect(await companyRow(company.id)).toMatchObject({
      subscriptionStatus: "trial",
      stripeSubscriptionId: subscription.id,
    });
  });

  it("queues the trial reminder on customer.subscription.trial_will_end, once", async () => {
    const { company, subscription } = await subscribedTenant();
    const trialEnd = Math.floor(Date.now() / 1000) + 3 * 24 * 60 * 60;
    stub.subscriptions.get(subscription.id)!.trial_end = trialEnd;
    stub.setStatus(subscription.id, "trialing");
    await deliver(eventFor("customer.subscription.trial_will_end", subscription));
    await deliver(eventFor("customer.subscription.trial_will_end", subscription));
    const job = await getEmailQueue().getJob(`trial-reminder-${company.id}`);
    expect(job?.name).toBe("sendTrialReminderEmail");
    expect(job?.data).toEqual({ companyId: company.id });
    const row = await companyRow(company.id);
    expect(row.subscriptionStatus).toBe("trial");
    expect(row.trialEndsAt.getTime()).toBe(trialEnd * 1000);
  });

  it("answers 200 to events it has no use for", async () => {
    const res = await deliver(eventFor("charge.succeeded", { id: "ch_1", object: "charge" }));
    expect(res.body).toEqual({ received: true, duplicate: false });
  });
});
