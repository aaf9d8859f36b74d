/**
 * Members linked to the roster (docs/team-and-invitations.md): the link call, its 404s and
 * 409s (also two links racing for one employee), the lists that carry the link, invitations
 * that name an employee, the live event, and the demo seed's technician.
 */

import { DEMO_LOGINS, insertDemoCompany } from "@sched/core/commands/seed-demo";
import { db, pool } from "@sched/core/db/client";
import { companyUsers, employees, jobs, users } from "@sched/core/db/schema";
import { toDateString, weekStartOf } from "@sched/core/lib/dates";
import { invitationToken } from "@sched/core/lib/invitation-token";
import { buildEmployee, buildTenant, buildUser, uniqueEmail } from "@sched/core/test/factories";
import type { MemberDTO } from "@sched/shared-types";
import { and, eq, gte, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous, app } from "./support";

const memberUrl = (companyId: string, userId: string) => `/api/companies/${companyId}/users/${userId}`;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/** Resolves once a statement on `table` waits for a row or index lock (the update racing the rival). */
async function waitForLockWait(table: string) {
  for (;;) {
    const { rows } = await pool.query(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
      [`%update "${table}"%`],
    );
    if (rows[0].waiting > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function linkOf(companyId: string, userId: string) {
  const [row] = await db
    .select({ employeeId: companyUsers.employeeId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
  return row?.employeeId;
}

describe("PUT /api/companies/:companyId/users/:userId", () => {
  it("links a member to a roster employee and unlinks with null; the lists carry the link", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const res = await agent.put(memberUrl(company.id, employeeUser.id)).send({ employeeId: employee.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      userId: employeeUser.id,
      role: "employee",
      joinedAt: expect.any(String),
      user: { firstName: "Emma", lastName: "employee", email: employeeUser.email },
      employeeId: employee.id,
    });
    const members = await agent.get(`/api/companies/${company.id}/users`);
    const byUser = new Map(members.body.map((m: MemberDTO) => [m.userId, m.employeeId]));
    expect(byUser.get(employeeUser.id)).toBe(employee.id);
    expect(byUser.get(owner.id)).toBeNull();
    const linkedAgent = await agentFor(employeeUser);
    expect((await linkedAgent.get("/api/companies")).body).toEqual([
      { id: company.id, name: company.name, role: "employee", employeeId: employee.id },
    ]);
    expect((await linkedAgent.get(`/api/companies/${company.id}`)).body.employeeId).toBe(employee.id);

    const unlinked = await agent.put(memberUrl(company.id, employeeUser.id)).send({ employeeId: null });
    expect([unlinked.status, unlinked.body.employeeId]).toEqual([200, null]);
    expect(await linkOf(company.id, employeeUser.id)).toBeNull();
  });

  it("links owners and admins too, moves a link, and takes the same link again", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const second = await buildEmployee(company.id, { name: "Rita Ruiz", initials: "RR" });
    const agent = await agentFor(admin);
    expect((await agent.put(memberUrl(company.id, owner.id)).send({ employeeId: employee.id })).status).toBe(
      200,
    );
    expect((await agent.put(memberUrl(company.id, admin.id)).send({ employeeId: second.id })).status).toBe(
      200,
    );
    expect((await agent.put(memberUrl(company.id, owner.id)).send({ employeeId: employee.id })).status).toBe(
      200,
    );
    const third = await buildEmployee(company.id, { name: "Sol Soto", initials: "SS" });
    expect((await agent.put(memberUrl(company.id, owner.id)).send({ employeeId: third.id })).status).toBe(
      200,
    );
    expect(await linkOf(company.id, owner.id)).toBe(third.id);
    // The employee the owner left is free again.
    expect((await agent.put(memberUrl(company.id, admin.id)).send({ employeeId: employee.id })).status).toBe(
      200,
    );
  });

  it("answers 401 signed out, 400 with the exact message, 403 to the employee role and to a non-member", async () => {
    const { company, employeeUser, admin, employee } = await buildTenant();
    const other = await buildTenant();
    const body = { employeeId: employee.id };
    expect((await anonymous().put(memberUrl(company.id, employeeUser.id)).send(body)).status).toBe(401);

    const adminAgent = await agentFor(admin);
    const missing = await adminAgent.put(memberUrl(company.id, employeeUser.id)).send({});
    expect([missing.status, missing.body.message]).toEqual([400, "Employee is required"]);
    const malformed = await adminAgent
      .put(memberUrl(company.id, employeeUser.id))
      .send({ employeeId: "Pat" });
    expect([malformed.status, malformed.body.message]).toEqual([400, "Employee is not valid"]);

    const byEmployee = await (await agentFor(employeeUser))
      .put(memberUrl(company.id, employeeUser.id))
      .send(body);
    expect([byEmployee.status, byEmployee.body.message]).toEqual([
      403,
      "You do not have permission to do that",
    ]);
    const byStranger = await (await agentFor(other.owner))
      .put(memberUrl(company.id, employeeUser.id))
      .send(body);
    expect([byStranger.status, byStranger.body.message]).toEqual([
      403,
      "You are not a member of this company",
    ]);
    expect(await linkOf(company.id, employeeUser.id)).toBeNull();
  });

  it("answers 404 for another company's employee and for a user who is not a member", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const other = await buildTenant();
    const agent = await agentFor(owner);
    for (const employeeId of [other.employee.id, MISSING_ID]) {
      const res = await agent.put(memberUrl(company.id, employeeUser.id)).send({ employeeId });
      expect([res.status, res.body.message, res.body.code]).toEqual([404, "Employee not found", "not_found"]);
    }
    const stranger = await buildUser();
    for (const userId of [other.employeeUser.id, stranger.id, "not-a-user"]) {
      const res = await agent.put(memberUrl(company.id, userId)).send({ employeeId: null });
      expect([res.status, res.body.message]).toEqual([404, "Member not found"]);
    }
    // The other company's member cannot be reached through this company's path either.
    expect(await linkOf(other.company.id, other.employeeUser.id)).toBeNull();
  });

  it("answers 409 naming both when the employee is linked to someone else", async () => {
    const { company, owner, admin, employeeUser, employee } = await buildTenant();
    const agent = await agentFor(owner);
    expect((await agent.put(memberUrl(company.id, admin.id)).send({ employeeId: employee.id })).status).toBe(
      200,
    );
    const res = await agent.put(memberUrl(company.id, employeeUser.id)).send({ employeeId: employee.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: "conflict", message: "Pat Plumber is already linked to Adam admin" });
    expect(await linkOf(company.id, employeeUser.id)).toBeNull();
    expect(await linkOf(company.id, admin.id)).toBe(employee.id);
  });

  it("lets one of two links racing for one employee through, and answers the other the same 409", async () => {
    const { company, owner, admin, employeeUser, employee } = await buildTenant();
    const [ownerAgent, adminAgent] = await Promise.all([agentFor(owner), agentFor(admin)]);
    const answers = await Promise.all([
      ownerAgent.put(memberUrl(company.id, employeeUser.id)).send({ employeeId: employee.id }),
      adminAgent.put(memberUrl(company.id, admin.id)).send({ employeeId: employee.id }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const holders = await db.select().from(companyUsers).where(eq(companyUsers.employeeId, employee.id));
    expect(holders).toHaveLength(1);
    const holderName = holders[0].userId === admin.id ? "Adam admin" : "Emma employee";
    const refused = answers.find((res) => res.status === 409);
    expect(refused?.body).toEqual({
      code: "conflict",
      message: `Pat Plumber is already linked to ${holderName}`,
    });
  });

  it("answers the same 409 when the unique index, not the check, stops the second link", async () => {
    const { company, owner, admin, employeeUser, employee } = await buildTenant();
    const agent = await agentFor(owner);
    // The admin's link is written but not committed: the request's own check cannot see it yet.
    const rival = await pool.connect();
    try {
      await rival.query("begin");
      await rival.query("update company_user set employee_id = $1 where company_id = $2 and user_id = $3", [
        employee.id,
        company.id,
        admin.id,
      ]);
      const answer = (async () =>
        agent.put(memberUrl(company.id, employeeUser.id)).send({ employeeId: employee.id }))();
      await waitForLockWait("company_user");
      await rival.query("commit");
      const res = await answer;
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: "conflict", message: "Pat Plumber is already linked to Adam admin" });
    } finally {
      await rival.query("rollback").catch(() => undefined);
      rival.release();
    }
    expect(await linkOf(company.id, employeeUser.id)).toBeNull();
  });

  it("answers 402 once the trial has run out unpaid", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant({
      trialEndsAt: new Date(Date.now() - 1000),
    });
    const res = await (await agentFor(owner))
      .put(memberUrl(company.id, employeeUser.id))
      .send({ employeeId: employee.id });
    expect(res.status).toBe(402);
  });
});

describe("member.updated", () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("tells the team screens and the linked person at once", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const teamSocket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const linkedSocket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(employeeUser) });
    const heard = nextEvent<MemberDTO & { companyId: string }>(teamSocket, "member.updated");
    // Members carry e-mails, the office's to read: the technician is told which company and
    // reads their own link again (docs/realtime.md).
    const told = nextEvent(linkedSocket, "member.updated");
    const res = await (await agentFor(owner))
      .put(memberUrl(company.id, employeeUser.id))
      .send({ employeeId: employee.id });
    expect(await heard).toEqual({ ...res.body, companyId: company.id });
    expect(await told).toEqual({ companyId: company.id });
    teamSocket.close();
    linkedSocket.close();
  });
});

describe("invitations that name a roster employee", () => {
  const newPerson = { firstName: "Nora", lastName: "Newhire", password: "a-long-password-1" };

  async function invite(agent: request.Agent, companyId: string, employeeId: string | undefined) {
    const email = uniqueEmail("linked");
    const res = await agent.post(`/api/companies/${companyId}/invitations`).send({ email, employeeId });
    return { res, email };
  }

  it("carry the employee, and accepting links the new member to it", async () => {
    const { company, owner, employee } = await buildTenant();
    const { res } = await invite(await agentFor(owner), company.id, employee.id);
    expect(res.status).toBe(201);
    expect(res.body.employeeId).toBe(employee.id);
    const pending = await (await agentFor(owner)).get(`/api/companies/${company.id}/invitations`);
    expect(pending.body[0].employeeId).toBe(employee.id);

    const joiner = request.agent(app);
    const accepted = await joiner
      .post(`/api/invitations/token/${invitationToken(res.body.id)}/accept`)
      .send(newPerson);
    expect(accepted.status).toBe(200);
    expect(await linkOf(company.id, accepted.body.user.id)).toBe(employee.id);
    expect((await joiner.get("/api/companies")).body[0].employeeId).toBe(employee.id);
  });

  it("answer 404 for an employee of another company, and keep working without one", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const agent = await agentFor(owner);
    const foreign = await invite(agent, company.id, other.employee.id);
    expect([foreign.res.status, foreign.res.body.message]).toEqual([404, "Employee not found"]);
    const plain = await invite(agent, company.id, undefined);
    expect([plain.res.status, plain.res.body.employeeId]).toEqual([201, null]);
  });

  it("join unlinked when someone else took the employee meanwhile", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const { res, email } = await invite(await agentFor(owner), company.id, employee.id);
    await db
      .update(companyUsers)
      .set({ employeeId: employee.id })
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, admin.id)));
    const invited = await buildUser({ email });
    const accepted = await (await agentFor(invited))
      .post(`/api/invitations/token/${invitationToken(res.body.id)}/accept`)
      .send({});
    expect(accepted.status).toBe(200);
    expect(await linkOf(company.id, invited.id)).toBeNull();
    expect(await linkOf(company.id, admin.id)).toBe(employee.id);
  });
});

describe("the demo seed", () => {
  it("links tech@example.com to a roster employee with jobs this week", async () => {
    const today = new Date();
    const monday = weekStartOf(toDateString(today));
    // Rolled back: the demo logins must never outlive this test (a production test looks for them).
    const rollBack = new Error("roll back");
    let seen: { name: string; jobsThisWeek: number } | undefined;
    const seeding = db.transaction(async (tx) => {
      await insertDemoCompany(tx, "not-a-real-hash", today);
      const tech = DEMO_LOGINS.find((login) => login.role === "employee");
      const [link] = await tx
        .select({ employeeId: employees.id, name: employees.name })
        .from(companyUsers)
        .innerJoin(users, eq(users.id, companyUsers.userId))
        .innerJoin(employees, eq(employees.id, companyUsers.employeeId))
        .where(eq(users.email, tech?.email ?? ""));
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.employeeId, link.employeeId), gte(jobs.date, monday)));
      seen = { name: link.name, jobsThisWeek: count };
      throw rollBack;
    });
    await expect(seeding).rejects.toBe(rollBack);
    expect(seen?.name).toBe("Luis Garcia");
    expect(seen?.jobsThisWeek).toBeGreaterThan(0);
  });
});
