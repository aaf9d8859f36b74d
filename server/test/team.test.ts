import { db } from "@sched/core/db/client";
import { employeeInvitations } from "@sched/core/db/schema";
import { invitationToken } from "@sched/core/lib/invitation-token";
import { hashToken } from "@sched/core/lib/tokens";
import { getEmailQueue } from "@sched/core/queues";
import { buildCompany, buildTenant, buildUser, uniqueEmail } from "@sched/core/test/factories";
import { INVITATION_TTL_DAYS } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const DAY_MS = 24 * 60 * 60 * 1000;
const invitationsUrl = (companyId: string) => `/api/companies/${companyId}/invitations`;
const pendingFor = (companyId: string) =>
  db.select().from(employeeInvitations).where(eq(employeeInvitations.companyId, companyId));

describe("GET /api/companies/:companyId/users", () => {
  it("answers 401 signed out and 403 to a non-member", async () => {
    const { company } = await buildCompany();
    expect((await anonymous().get(`/api/companies/${company.id}/users`)).status).toBe(401);
    const stranger = await agentFor(await buildUser());
    const res = await stranger.get(`/api/companies/${company.id}/users`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You are not a member of this company");
  });

  it("lists every member with their role to the office, the owner first; 403 to a technician", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    await buildTenant();
    // The e-mails are contact details: a technician reads names only (technician-privacy.test.ts).
    expect((await (await agentFor(employeeUser)).get(`/api/companies/${company.id}/users`)).status).toBe(403);
    const res = await (await agentFor(admin)).get(`/api/companies/${company.id}/users`);
    expect(res.status).toBe(200);
    expect(res.body.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner.id, "owner"],
      [admin.id, "admin"],
      [employeeUser.id, "employee"],
    ]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      userId: owner.id,
      role: "owner",
      joinedAt: expect.any(String),
      user: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
      employeeId: null,
    });
  });
});

describe("POST /api/companies/:companyId/invitations", () => {
  it("invites with a trimmed, lowercased e-mail, a hashed token and a 7-day expiry", async () => {
    const { company, owner } = await buildTenant();
    const email = uniqueEmail("new");
    const before = Date.now();
    const res = await (await agentFor(owner))
      .post(invitationsUrl(company.id))
      .send({ email: `  ${email.toUpperCase()} `, role: "admin" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email,
      role: "admin",
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      employeeId: null,
    });
    const ttl = Date.parse(res.body.expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(INVITATION_TTL_DAYS * DAY_MS - 1000);
    expect(ttl).toBeLessThan(INVITATION_TTL_DAYS * DAY_MS + 60_000);

    const [row] = await db.select().from(employeeInvitations).where(eq(employeeInvitations.id, res.body.id));
    const token = invitationToken(row.id);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(row.token).toBe(hashToken(token));
    expect(row.token).not.toContain(token);
    expect(row).toMatchObject({ invitedBy: owner.id, isUsed: false, sentAt: null });
  });

  it("enqueues the e-mail with the invitation id only, never the token", async () => {
    const { company, admin } = await buildTenant();
    const res = await (await agentFor(admin))
      .post(invitationsUrl(company.id))
      .send({ email: uniqueEmail("queued") });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe("employee");
    const job = await getEmailQueue().getJob(`invitation-${res.body.id}`);
    expect(job?.name).toBe("sendInvitationEmail");
    expect(job?.data).toEqual({ invitationId: res.body.id });
  });

  it.each([
    [{ email: "" }, "Please enter an email address."],
    [{ email: "   " }, "Please enter an email address."],
    [{}, "Please enter an email address."],
    [{ email: "not-an-address" }, "Invalid email address"],
    [{ email: "a@b.test", role: "owner" }, "Role must be employee or admin"],
  ])("refuses %o with the message %s", async (body, message) => {
    const { company, owner } = await buildCompany();
    const res = await (await agentFor(owner)).post(invitationsUrl(company.id)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("answers 403 to the employee role and to a non-member, and 401 signed out", async () => {
    const { company, employeeUser } = await buildTenant();
    const { owner: outsider } = await buildCompany();
    const body = { email: uniqueEmail() };
    expect((await anonymous().post(invitationsUrl(company.id)).send(body)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).post(invitationsUrl(company.id)).send(body)).status).toBe(
      403,
    );
    expect((await (await agentFor(outsider)).post(invitationsUrl(company.id)).send(body)).status).toBe(403);
    expect(await pendingFor(company.id)).toEqual([]);
  });

  it("answers 409 for someone who is already a member, in any letter case", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const res = await (await agentFor(owner))
      .post(invitationsUrl(company.id))
      .send({ email: employeeUser.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This person is already a member of this company");
  });

  it("replaces a pending invitation whose e-mail went out: the old link stops working", async () => {
    const { company, owner } = await buildCompany();
    const agent = await agentFor(owner);
    const email = uniqueEmail("again");
    const first = await agent.post(invitationsUrl(company.id)).send({ email, role: "employee" });
    await db
      .update(employeeInvitations)
      .set({ sentAt: new Date() })
      .where(eq(employeeInvitations.id, first.body.id));
    const second = await agent.post(invitationsUrl(company.id)).send({ email, role: "admin" });
    expect(second.status).toBe(201);
    const rows = await pendingFor(company.id);
    expect(rows.map((r) => [r.id, r.role])).toEqual([[second.body.id, "admin"]]);
    const old = await anonymous().get(`/api/invitations/token/${invitationToken(first.body.id)}`);
    expect(old.status).toBe(404);
  });

  it("answers 402 once the trial has ended unpaid, while the pending list stays readable", async () => {
    const { company, owner } = await buildCompany({ trialEndsAt: new Date(Date.now() - DAY_MS) });
    const agent = await agentFor(owner);
    expect((await agent.post(invitationsUrl(company.id)).send({ email: uniqueEmail() })).status).toBe(402);
    expect((await agent.get(invitationsUrl(company.id))).status).toBe(200);
    expect((await agent.get(`/api/companies/${company.id}/users`)).status).toBe(200);
  });
});

describe("GET /api/companies/:companyId/invitations", () => {
  it("lists pending invitations, newest first, to owners and admins only", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const agent = await agentFor(owner);
    const first = await agent.post(invitationsUrl(company.id)).send({ email: uniqueEmail("a") });
    const second = await agent.post(invitationsUrl(company.id)).send({ email: uniqueEmail("b") });
    await db
      .update(employeeInvitations)
      .set({ isUsed: true })
      .where(eq(employeeInvitations.id, first.body.id));
    for (const user of [owner, admin]) {
      const res = await (await agentFor(user)).get(invitationsUrl(company.id));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([second.body]);
    }
    const refused = await (await agentFor(employeeUser)).get(invitationsUrl(company.id));
    expect(refused.status).toBe(403);
    const { owner: outsider } = await buildCompany();
    expect((await (await agentFor(outsider)).get(invitationsUrl(company.id))).status).toBe(403);
  });
});
