/**
 * Subscription info, plans, demo billing mode (no Stripe keys), and the rule that an
 * expired, unpaid trial may read but not change (402).
 */

import { describeBillingChange } from "@sched/core/billing/announce";
import { addOneMonth } from "@sched/core/billing/demo";
import { db } from "@sched/core/db/client";
import { companies, notifications } from "@sched/core/db/schema";
import { buildTenant, buildUser } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

// Demo billing mode is "no Stripe secret key": make sure none leaks in from the shell.
vi.hoisted(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
});

const DAY_MS = 24 * 60 * 60 * 1000;
const expiredTrial = () => new Date(Date.now() - DAY_MS);
const PAYMENT_REQUIRED =
  "Your free trial has ended. Choose a plan on the Subscription page to keep making changes.";

async function setCompany(id: string, values: Partial<typeof companies.$inferInsert>) {
  await db.update(companies).set(values).where(eq(companies.id, id));
}

async function companyRow(id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

describe("GET /api/subscription-plans and /api/billing-config", () => {
  it("answers 401 signed out; plans from configuration in cents; demo mode without keys", async () => {
    expect((await anonymous().get("/api/subscription-plans")).status).toBe(401);
    const { employeeUser } = await buildTenant();
    const agent = await agentFor(employeeUser);
    const plans = await agent.get("/api/subscription-plans");
    expect(plans.status).toBe(200);
    expect(Object.keys(plans.body)).toEqual(["basic", "pro"]);
    expect(plans.body.basic).toMatchObject({ name: "Basic", price: 2900 });
    expect(plans.body.pro).toMatchObject({ name: "Pro", price: 7900 });
    expect(plans.body.pro.features).toContain("Everything in Basic");
    expect((await agent.get("/api/billing-config")).body).toEqual({ mode: "demo", publishableKey: null });
  });
});

describe("GET /api/company/:companyId/subscription", () => {
  it("answers 401 signed out and 403 to a non-member, the same for an unknown id", async () => {
    const { company } = await buildTenant();
    expect((await anonymous().get(`/api/company/${company.id}/subscription`)).status).toBe(401);
    const stranger = await agentFor(await buildUser());
    for (const id of [company.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await stranger.get(`/api/company/${id}/subscription`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You are not a member of this company");
    }
  });

  it("a new company is on a 14-day trial of the basic plan, for every member", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    for (const user of [owner, admin, employeeUser]) {
      const res = await (await agentFor(user)).get(`/api/company/${company.id}/subscription`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        subscriptionActive: false,
        subscriptionStatus: "trial",
        daysLeftInTrial: 14,
        trialExpired: false,
        planType: "basic",
        currentPeriodEnd: null,
        isFreeAccount: false,
      });
    }
  });

  it("reads expired, canceled and free companies as the banner needs them", async () => {
    const { company, owner } = await buildTenant({ trialEndsAt: expiredTrial() });
    const agent = await agentFor(owner);
    const url = `/api/company/${company.id}/subscription`;
    expect((await agent.get(url)).body).toMatchObject({ trialExpired: true, daysLeftInTrial: 0 });
    await setCompany(company.id, { subscriptionStatus: "canceled" });
    expect((await agent.get(url)).body).toMatchObject({
      subscriptionActive: false,
      subscriptionStatus: "canceled",
    });
    await setCompany(company.id, { subscriptionStatus: "trial", isFreeAccount: true });
    expect((await agent.get(url)).body).toMatchObject({ isFreeAccount: true, trialExpired: true });
  });
});

describe("after the trial: read yes, change no (402)", () => {
  it("an expired unpaid company reads employees and jobs but may not change them", async () => {
    const { company, owner, employee } = await buildTenant({ trialEndsAt: expiredTrial() });
    const agent = await agentFor(owner);
    const list = await agent.get(`/api/employees?companyId=${company.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const add = await agent
      .post("/api/employees")
      .send({ name: "Late Hire", initials: "LH", avatarColor: "red", companyId: company.id });
    expect(add.status).toBe(402);
    expect(add.body.message).toBe(PAYMENT_REQUIRED);

    expect((await agent.get(`/api/jobs?companyId=${company.id}`)).status).toBe(200);
    const job = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Repair",
      location: "1 Main St",
      date: "2026-11-23",
      time: "09:00",
    });
    expect(job.status).toBe(402);
    expect(job.body.message).toBe(PAYMENT_REQUIRED);
  });

  it("paying (demo) lifts the rule at once; a free account never had it", async () => {
    const { company, owner } = await buildTenant({ trialEndsAt: expiredTrial() });
    const agent = await agentFor(owner);
    const employee = { name: "New Hire", initials: "NH", avatarColor: "green", companyId: company.id };
    expect((await agent.post("/api/employees").send(employee)).status).toBe(402);
    const paid = await agent
      .post("/api/demo-billing/activate")
      .send({ companyId: company.id, planType: "basic" });
    expect(paid.status).toBe(200);
    expect((await agent.post("/api/employees").send(employee)).status).toBe(201);

    const free = await buildTenant({ trialEndsAt: expiredTrial() });
    await setCompany(free.company.id, { isFreeAccount: true });
    const freeAgent = await agentFor(free.owner);
    const res = await freeAgent.post("/api/employees").send({ ...employee, companyId: free.company.id });
    expect(res.status).toBe(201);
  });
});

describe("POST /api/create-subscription without Stripe keys", () => {
  it("validates, lets only the owner through, and points to the demo payment", async () => {
    const { company, owner, admin } = await buildTenant();
    expect((await anonymous().post("/api/create-subscription").send({})).status).toBe(401);
    const agent = await agentFor(owner);
    const noCompany = await agent.post("/api/create-subscription").send({ planType: "basic" });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.message).toBe("Company id is required");
    const body = { companyId: company.id, planType: "basic" };
    expect((await (await agentFor(admin)).post("/api/create-subscription").send(body)).status).toBe(403);
    const res = await agent.post("/api/create-subscription").send(body);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/demo billing mode/);
  });
});

describe("POST /api/demo-billing/activate", () => {
  it("answers 401, 400, 403 to admins and employees, 403 to another company's owner", async () => {
    const { company, admin, employeeUser, owner } = await buildTenant();
    const other = await buildTenant();
    const body = { companyId: company.id, planType: "pro" };
    expect((await anonymous().post("/api/demo-billing/activate").send(body)).status).toBe(401);
    const bad = await (await agentFor(owner))
      .post("/api/demo-billing/activate")
      .send({ companyId: company.id });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Plan type is required");
    for (const user of [admin, employeeUser, other.owner]) {
      expect((await (await agentFor(user)).post("/api/demo-billing/activate").send(body)).status).toBe(403);
    }
    expect((await companyRow(company.id)).subscriptionStatus).toBe("trial");
  });

  it("activates the plan for one month, tells the company's browsers and the bell", async () => {
    const { company, owner } = await buildTenant();
    const gateway = await startGateway();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    try {
      const updated = nextEvent(socket, "subscription.updated");
      const before = Date.now();
      const res = await (await agentFor(owner))
        .post("/api/demo-billing/activate")
        .send({ companyId: company.id, planType: "pro" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        subscriptionActive: true,
        subscriptionStatus: "active",
        planType: "pro",
      });
      expect(await updated).toEqual({ companyId: company.id });

      const row = await companyRow(company.id);
      expect(row.currentPeriodStart!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.currentPeriodEnd!.toISOString()).toBe(addOneMonth(row.currentPeriodStart!).toISOString());
      expect(res.body.currentPeriodEnd).toBe(row.currentPeriodEnd!.toISOString());
      const bell = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.companyId, company.id), eq(notifications.kind, "payment.updated")));
      // Payment state goes to the owner's bell, and nobody is told about their own change.
      expect(bell).toEqual([]);
    } finally {
      socket.close();
      await gateway.close();
    }
  });

  it("answers 409 for the plan already active; a plan change keeps the paid period", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    await agent.post("/api/demo-billing/activate").send({ companyId: company.id, planType: "basic" });
    const period = (await companyRow(company.id)).currentPeriodEnd;
    const again = await agent
      .post("/api/demo-billing/activate")
      .send({ companyId: company.id, planType: "basic" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Your company is already on the Basic plan");
    const change = await agent
      .post("/api/demo-billing/activate")
      .send({ companyId: company.id, planType: "pro" });
    expect(change.body).toMatchObject({ planType: "pro", subscriptionStatus: "active" });
    expect((await companyRow(company.id)).currentPeriodEnd).toEqual(period);
  });
});

describe("addOneMonth", () => {
  it("adds a calendar month and clamps to the month's last day", () => {
    expect(addOneMonth(new Date("2026-01-15T10:00:00Z")).toISOString()).toBe("2026-02-15T10:00:00.000Z");
    expect(addOneMonth(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addOneMonth(new Date("2028-01-31T00:00:00Z")).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addOneMonth(new Date("2026-12-31T23:00:00Z")).toISOString()).toBe("2027-01-31T23:00:00.000Z");
  });
});

describe("describeBillingChange (the bell)", () => {
  const change = (before: [string, "basic" | "pro"], after: [string, "basic" | "pro"]) =>
    describeBillingChange({
      before: { status: before[0], planType: before[1] },
      after: { status: after[0], planType: after[1] },
    });

  it("names payment state changes, and stays quiet when nothing a member cares about changed", () => {
    expect(change(["trial", "basic"], ["active", "pro"])).toBe(
      "Subscription active. Thank you! The Pro plan is active.",
    );
    expect(change(["past_due", "pro"], ["active", "pro"])).toBe(
      "Payment received. The Pro plan is active again.",
    );
    expect(change(["active", "pro"], ["past_due", "pro"])).toMatch(/^Payment failed\. /);
    expect(change(["active", "pro"], ["canceled", "pro"])).toMatch(/^Subscription canceled\. /);
    expect(change(["active", "basic"], ["active", "pro"])).toBe("Plan changed to Pro");
    expect(change(["active", "pro"], ["paused", "pro"])).toBe("Subscription paused");
    expect(change(["active", "pro"], ["active", "pro"])).toBeNull();
    expect(change(["trial", "basic"], ["trial", "pro"])).toBeNull();
  });
});
