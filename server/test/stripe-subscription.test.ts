/**
 * POST /api/create-subscription against the real Stripe SDK, pointed at a local stub
 * of the Stripe API (its host, port and protocol options).
 */

import { db } from "@sched/core/db/client";
import { companies } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { StripeStub } from "./stripe-stub";
import { agentFor, anonymous } from "./support";

// The stub must listen, and the environment name it, before the app reads its config.
const { stub, stubEnv } = await vi.hoisted(async () => {
  const { startStripeStub, stripeEnvFor } = await import("./stripe-stub");
  const started: StripeStub = await startStripeStub();
  const env = stripeEnvFor(started.port);
  Object.assign(process.env, env);
  return { stub: started, stubEnv: env };
});

afterAll(async () => {
  await stub.close();
  for (const name of Object.keys(stubEnv)) delete process.env[name];
});

const requestsFor = (path: string, companyId: string) =>
  stub.requests.filter(
    (r) => r.method === "POST" && r.path === path && r.params.get("metadata[companyId]") === companyId,
  );

async function companyRow(id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

describe("POST /api/create-subscription with Stripe", () => {
  it("answers 401 signed out, 400 with SPEC-style messages, 403 to admins and employees", async () => {
    const { company, admin, employeeUser, owner } = await buildTenant();
    const body = { companyId: company.id, planType: "basic" };
    expect((await anonymous().post("/api/create-subscription").send(body)).status).toBe(401);
    const ownerAgent = await agentFor(owner);
    const noPlan = await ownerAgent.post("/api/create-subscription").send({ companyId: company.id });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe("Plan type is required");
    const badPlan = await ownerAgent
      .post("/api/create-subscription")
      .send({ companyId: company.id, planType: "gold" });
    expect(badPlan.body.message).toBe("Plan type must be one of basic, pro");
    for (const user of [admin, employeeUser]) {
      expect((await (await agentFor(user)).post("/api/create-subscription").send(body)).status).toBe(403);
    }
    expect(requestsFor("/v1/subscriptions", company.id)).toEqual([]);
  });

  it("creates the customer and an incomplete subscription with an Idempotency-Key, answers the client secret", async () => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/create-subscription")
      .send({ companyId: company.id, planType: "pro" });
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toMatch(/^pi_stub\d+_secret_test$/);

    const [customerCall] = requestsFor("/v1/customers", company.id);
    expect(customerCall.params.get("email")).toBe(owner.email);
    expect(customerCall.idempotencyKey).toBe(`create-customer-${company.id}`);
    const [subscriptionCall] = requestsFor("/v1/subscriptions", company.id);
    expect(subscriptionCall.params.get("payment_behavior")).toBe("default_incomplete");
    expect(subscriptionCall.params.get("items[0][price]")).toBe("price_pro_test");
    expect(subscriptionCall.params.get("expand[0]")).toBe("latest_invoice.confirmation_secret");
    expect(subscriptionCall.idempotencyKey).toBe(`create-subscription-${company.id}-pro-first`);

    const row = await companyRow(company.id);
    expect(row.stripeCustomerId).toMatch(/^cus_stub/);
    expect(row.stripeSubscriptionId).toMatch(/^sub_stub/);
    // Nothing is paid yet: the trial goes on until Stripe says the invoice was paid.
    expect(row.subscriptionStatus).toBe("trial");
  });

  it("a second try for the same plan reuses the waiting payment; another plan replaces the abandoned one", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const first = await agent
      .post("/api/create-subscription")
      .send({ companyId: company.id, planType: "basic" });
    const again = await agent
      .post("/api/create-subscription")
      .send({ companyId: company.id, planType: "basic" });
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(requestsFor("/v1/subscriptions", company.id)).toHaveLength(1);
    const firstSubscriptionId = (await companyRow(company.id)).stripeSubscriptionId!;

    const pro = await agent.post("/api/create-subscription").send({ companyId: company.id, planType: "pro" });
    expect(pro.status).toBe(200);
    expect(pro.body.clientSecret).not.toBe(first.body.clientSecret);
    // One customer for the company however many tries; the abandoned checkout is canceled.
    expect(requestsFor("/v1/customers", company.id)).toHaveLength(1);
    expect(stub.subscriptions.get(firstSubscriptionId)?.status).toBe("canceled");
    const created = requestsFor("/v1/subscriptions", company.id);
    expect(created.map((r) => r.idempotencyKey)).toEqual([
      `create-subscription-${company.id}-basic-first`,
      `create-subscription-${company.id}-pro-${firstSubscriptionId}`,
    ]);
  });

  it("two clicks at once start one subscription", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const body = { companyId: company.id, planType: "basic" };
    const [a, b] = await Promise.all([
      agent.post("/api/create-subscription").send(body),
      agent.post("/api/create-subscription").send(body),
    ]);
    expect(a.body.clientSecret).toBe(b.body.clientSecret);
    const stored = [...stub.subscriptions.values()].filter((s) => s.metadata.companyId === company.id);
    expect(stored).toHaveLength(1);
  });

  it("an active subscription answers 409 for its own plan and moves to the other plan without a new payment", async () => {
    const { company, owner } = await buildTenant();
    const subscription = stub.putSubscription({
      customer: "cus_active",
      price: "price_basic_test",
      status: "active",
      metadata: { companyId: company.id },
    });
    await db
      .update(companies)
      .set({
        subscriptionStatus: "active",
        planType: "basic",
        stripeCustomerId: "cus_active",
        stripeSubscriptionId: subscription.id,
      })
      .where(eq(companies.id, company.id));
    const agent = await agentFor(owner);
    const same = await agent
      .post("/api/create-subscription")
      .send({ companyId: company.id, planType: "basic" });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe("Your company is already on the Basic plan");

    const change = await agent
      .post("/api/create-subscription")
      .send({ companyId: company.id, planType: "pro" });
    expect(change.status).toBe(200);
    expect(change.body).toEqual({ clientSecret: null });
    expect(subscription.items.data[0].price.id).toBe("price_pro_test");
    const row = await companyRow(company.id);
    expect(row).toMatchObject({ subscriptionStatus: "active", planType: "pro" });
  });
});

describe("billing configuration with Stripe keys", () => {
  it("gives the publishable key, and the demo payment endpoint does not exist", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const config = await agent.get("/api/billing-config");
    expect(config.body).toEqual({ mode: "stripe", publishableKey: "pk_test_stub" });
    const demo = await agent
      .post("/api/demo-billing/activate")
      .send({ companyId: company.id, planType: "basic" });
    expect(demo.status).toBe(404);
    expect((await companyRow(company.id)).subscriptionStatus).toBe("trial");
  });
});
