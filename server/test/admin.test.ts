import { db } from "@sched/core/db/client";
import { companies, freeAccessEvents, users } from "@sched/core/db/schema";
import { addDays, toDateString, weekStartOf } from "@sched/core/lib/dates";
import { NOT_SYSTEM_ADMIN } from "@sched/core/policies/system-admin";
import { buildCompany, buildEmployee, buildJob, buildTenant, buildUser } from "@sched/core/test/factories";
import {
  ADMIN_KEY_HEADER,
  type AdminCompanyDTO,
  type AdminOverviewDTO,
  adminStatusLabel,
} from "@sched/shared-types";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous } from "./support";

const DAY_MS = 86_400_000;
const expiredTrial = () => new Date(Date.now() - 30 * DAY_MS);

async function adminAgent(): Promise<{ agent: Agent; adminId: string }> {
  const admin = await buildUser({ isSystemAdmin: true, firstName: "Sys", lastName: "Admin" });
  return { agent: await agentFor(admin), adminId: admin.id };
}

const companyRow = async (id: string) => (await db.select().from(companies).where(eq(companies.id, id)))[0];
const eventsOf = (companyId: string) =>
  db
    .select()
    .from(freeAccessEvents)
    .where(eq(freeAccessEvents.companyId, companyId))
    .orderBy(desc(freeAccessEvents.createdAt));
const addEmployee = (agent: Agent, companyId: string) =>
  agent.post("/api/employees").send({ companyId, name: "New Hire", initials: "NH", avatarColor: "green" });

const ADMIN_CALLS = [
  ["get", "/api/admin/companies"],
  ["get", "/api/admin/free-access-companies"],
  ["get", "/api/admin/overview"],
  ["post", "/api/admin/grant-free-access"],
  ["post", "/api/admin/revoke-free-access"],
] as const;

describe("who may use /api/admin", () => {
  it.each(ADMIN_CALLS)("%s %s answers 401 when signed out, admin key header or not", async (method, url) => {
    const res = await anonymous()[method](url).set(ADMIN_KEY_HEADER, "{key}").send({});
    expect(res.status).toBe(401);
  });

  it.each(ADMIN_CALLS)(
    "%s %s answers 403 to a company owner sending the admin key header",
    async (method, url) => {
      const { company, owner } = await buildCompany({ trialEndsAt: expiredTrial() });
      const agent = await agentFor(owner);
      const res = await agent[method](url)
        .set(ADMIN_KEY_HEADER, "{key}")
        .send({ companyId: company.id, notes: "Let me in" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(NOT_SYSTEM_ADMIN);
      const row = await companyRow(company.id);
      expect(row.isFreeAccount).toBe(false);
      expect(await eventsOf(company.id)).toEqual([]);
    },
  );

  it("stops a user at once when their system administrator flag is removed", async () => {
    const admin = await buildUser({ isSystemAdmin: true });
    const agent = await agentFor(admin);
    expect((await agent.get("/api/admin/companies")).status).toBe(200);
    await db.update(users).set({ isSystemAdmin: false }).where(eq(users.id, admin.id));
    expect((await agent.get("/api/admin/companies")).status).toBe(403);
  });
});

describe("GET /api/admin/companies", () => {
  it("lists every company with the admin dashboard's fields and nothing else", async () => {
    const { company, owner } = await buildCompany({ name: "Listed Plumbing" });
    const { agent } = await adminAgent();
    const res = await agent.get("/api/admin/companies");
    expect(res.status).toBe(200);
    const listed = (res.body as AdminCompanyDTO[]).find((c) => c.id === company.id);
    expect(listed).toEqual({
      id: company.id,
      name: "Listed Plumbing",
      ownerId: owner.id,
      isFreeAccount: false,
      subscriptionStatus: "trial",
      planType: "basic",
      trialEndsAt: company.trialEndsAt.toISOString(),
      createdAt: company.createdAt.toISOString(),
      freeAccessGrantedAt: null,
      freeAccessNotes: null,
    });
  });
});

describe("POST /api/admin/grant-free-access", () => {
  it("lifts an expired trial's read-only state and records who, when and why", async () => {
    const { company, owner } = await buildTenant({ trialEndsAt: expiredTrial() });
    const ownerAgent = await agentFor(owner);
    expect((await addEmployee(ownerAgent, company.id)).status).toBe(402);

    const { agent, adminId } = await adminAgent();
    const before = Date.now();
    const res = await agent
      .post("/api/admin/grant-free-access")
      .send({ companyId: company.id, notes: "  Charity partner  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: company.id,
      isFreeAccount: true,
      freeAccessNotes: "Charity partner",
    });

    const row = await companyRow(company.id);
    expect(row).toMatchObject({
      isFreeAccount: true,
      freeAccessGrantedBy: adminId,
      freeAccessNotes: "Charity partner",
    });
    expect(row.freeAccessGrantedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const events = await eventsOf(company.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "grant", adminUserId: adminId, notes: "Charity partner" });

    expect((await addEmployee(ownerAgent, company.id)).status).toBe(201);
    const free = await agent.get("/api/admin/free-access-companies");
    expect((free.body as AdminCompanyDTO[]).map((c) => c.id)).toContain(company.id);
  });

  it("makes the company's subscription info active", async () => {
    const { company, owner } = await buildCompany({ trialEndsAt: expiredTrial() });
    const { agent } = await adminAgent();
    await agent.post("/api/admin/grant-free-access").send({ companyId: company.id, notes: "Pilot customer" });
    const info = await (await agentFor(owner)).get(`/api/company/${company.id}/subscription`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ subscriptionActive: true, isFreeAccount: true });
  });

  it("answers 409 for a company that already has free access and keeps the first reason", async () => {
    const { company } = await buildCompany();
    const { agent } = await adminAgent();
    await agent.post("/api/admin/grant-free-access").send({ companyId: company.id, notes: "First" });
    const again = await agent
      .post("/api/admin/grant-free-access")
      .send({ companyId: company.id, notes: "Second" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This company already has free access");
    expect((await companyRow(company.id)).freeAccessNotes).toBe("First");
    expect(await eventsOf(company.id)).toHaveLength(1);
  });

  it.each([
    [(_id: string) => ({ notes: "Why not" }), "Company id is required"],
    [(_id: string) => ({ companyId: "not-a-uuid", notes: "Why not" }), "Company id is required"],
    [(id: string) => ({ companyId: id, notes: "   " }), "Reason is required"],
    [(id: string) => ({ companyId: id }), "Reason is required"],
    [(id: string) => ({ companyId: id, notes: "x".repeat(501) }), "Reason must be 500 characters or less"],
  ])("answers 400 with the field's message and changes nothing %#", async (bodyFor, message) => {
    const { company } = await buildCompany();
    const { agent } = await adminAgent();
    const res = await agent.post("/api/admin/grant-free-access").send(bodyFor(company.id));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await companyRow(company.id)).isFreeAccount).toBe(false);
  });

  it("answers 404 for an unknown company", async () => {
    const { agent } = await adminAgent();
    const res = await agent
      .post("/api/admin/grant-free-access")
      .send({ companyId: "00000000-0000-4000-8000-000000000000", notes: "Ghost" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Company not found");
  });
});

describe("POST /api/admin/revoke-free-access", () => {
  it("returns the company to its trial with the original end date, read-only again once expired", async () => {
    const trialEndsAt = expiredTrial();
    const { company, owner } = await buildTenant({ trialEndsAt });
    const { agent, adminId } = await adminAgent();
    await agent
      .post("/api/admin/grant-free-access")
      .send({ companyId: company.id, notes: "Trade show deal" });

    const res = await agent.post("/api/admin/revoke-free-access").send({ companyId: company.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isFreeAccount: false,
      subscriptionStatus: "trial",
      trialEndsAt: trialEndsAt.toISOString(),
      freeAccessGrantedAt: null,
      freeAccessNotes: null,
    });
    const row = await companyRow(company.id);
    expect(row).toMatchObject({
      isFreeAccount: false,
      subscriptionStatus: "trial",
      freeAccessGrantedBy: null,
    });
    expect(row.trialEndsAt.toISOString()).toBe(trialEndsAt.toISOString());
    expect((await eventsOf(company.id)).map((e) => [e.action, e.adminUserId])).toEqual([
      ["revoke", adminId],
      ["grant", adminId],
    ]);
    expect((await addEmployee(await agentFor(owner), company.id)).status).toBe(402);
    const free = await agent.get("/api/admin/free-access-companies");
    expect((free.body as AdminCompanyDTO[]).map((c) => c.id)).not.toContain(company.id);
  });

  it("gives a company granted mid-trial its remaining days back", async () => {
    const { company, owner } = await buildCompany();
    const { agent } = await adminAgent();
    await agent.post("/api/admin/grant-free-access").send({ companyId: company.id, notes: "Early adopter" });
    await agent.post("/api/admin/revoke-free-access").send({ companyId: company.id });
    expect((await companyRow(company.id)).trialEndsAt.getTime()).toBe(company.trialEndsAt.getTime());
    expect((await addEmployee(await agentFor(owner), company.id)).status).toBe(201);
  });

  it("leaves a paying company paid", async () => {
    const { company } = await buildCompany({ trialEndsAt: expiredTrial() });
    await db.update(companies).set({ subscriptionStatus: "active" }).where(eq(companies.id, company.id));
    const { agent } = await adminAgent();
    await agent.post("/api/admin/grant-free-access").send({ companyId: company.id, notes: "Goodwill" });
    const res = await agent.post("/api/admin/revoke-free-access").send({ companyId: company.id });
    expect(res.body).toMatchObject({ isFreeAccount: false, subscriptionStatus: "active" });
  });

  it("answers 409 for a company without free access and records nothing", async () => {
    const { company } = await buildCompany();
    const { agent } = await adminAgent();
    const res = await agent.post("/api/admin/revoke-free-access").send({ companyId: company.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This company does not have free access");
    expect(await eventsOf(company.id)).toEqual([]);
  });

  it("answers 400 without a company id and 404 for an unknown one", async () => {
    const { agent } = await adminAgent();
    const missing = await agent.post("/api/admin/revoke-free-access").send({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Company id is required");
    const unknown = await agent
      .post("/api/admin/revoke-free-access")
      .send({ companyId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(404);
  });
});

describe("GET /api/admin/overview", () => {
  it("counts companies by status label, users and this week's jobs", async () => {
    const { company } = await buildCompany();
    const employee = await buildEmployee(company.id);
    const monday = weekStartOf(toDateString(new Date()));
    await buildJob(company.id, employee.id, { date: monday });
    await buildJob(company.id, employee.id, { date: addDays(monday, 6) });
    await buildJob(company.id, employee.id, { date: addDays(monday, 7) });
    await buildCompany({ trialEndsAt: expiredTrial() });
    const { agent } = await adminAgent();

    const res = await agent.get("/api/admin/overview");
    expect(res.status).toBe(200);
    const overview = res.body as AdminOverviewDTO;
    // Other test files add rows at the same time: check the sums and lower bounds, not totals.
    const { companies: byStatus } = overview;
    expect(byStatus.FREE + byStatus.PAID + byStatus.TRIAL + byStatus.INACTIVE).toBe(byStatus.total);
    expect(byStatus.TRIAL).toBeGreaterThanOrEqual(2);
    expect(byStatus.trialExpired).toBeGreaterThanOrEqual(1);
    expect(byStatus.trialExpired).toBeLessThanOrEqual(byStatus.TRIAL);
    expect(overview.users.systemAdmins).toBeGreaterThanOrEqual(1);
    expect(overview.users.total).toBeGreaterThanOrEqual(overview.users.systemAdmins + 2);
    expect(overview.jobsThisWeek).toBeGreaterThanOrEqual(2);
    expect(overview).toMatchObject({ weekStart: monday, weekEnd: addDays(monday, 6) });
  });
});

describe("adminStatusLabel", () => {
  it.each([
    [true, "active", "FREE"],
    [true, "trial", "FREE"],
    [false, "active", "PAID"],
    [false, "trial", "TRIAL"],
    [false, "canceled", "INACTIVE"],
    [false, "past_due", "INACTIVE"],
  ] as const)("free %s, status %s is %s", (isFreeAccount, subscriptionStatus, label) => {
    expect(adminStatusLabel({ isFreeAccount, subscriptionStatus })).toBe(label);
  });
});
