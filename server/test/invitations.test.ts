import { db } from "@sched/core/db/client";
import { companyUsers, employeeInvitations, notifications, users } from "@sched/core/db/schema";
import { invitationToken } from "@sched/core/lib/invitation-token";
import { buildCompany, buildTenant, buildUser, uniqueEmail } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous, app } from "./support";

/** An invitation made through the API, and the link token its e-mail would carry. */
async function invite(
  owner: { email: string },
  companyId: string,
  email = uniqueEmail("invitee"),
  role = "employee",
) {
  const res = await (await agentFor(owner))
    .post(`/api/companies/${companyId}/invitations`)
    .send({ email, role });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, email, token: invitationToken(res.body.id) };
}

const tokenUrl = (token: string) => `/api/invitations/token/${token}`;
const newPerson = { firstName: "Nora", lastName: "Newhire", password: "a-long-password-1" };
const expire = (id: string) =>
  db
    .update(employeeInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(employeeInvitations.id, id));

describe("GET /api/invitations/token/:token", () => {
  it("shows the company, e-mail, role and status to anyone holding the link", async () => {
    const { company, owner } = await buildCompany({ name: "Pipe Pros" });
    const { id, email, token } = await invite(owner, company.id, undefined, "admin");
    const res = await anonymous().get(tokenUrl(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companyName: "Pipe Pros", email, role: "admin", status: "valid" });
    await expire(id);
    expect((await anonymous().get(tokenUrl(token))).body.status).toBe("expired");
    await db.update(employeeInvitations).set({ isUsed: true }).where(eq(employeeInvitations.id, id));
    expect((await anonymous().get(tokenUrl(token))).body.status).toBe("used");
  });

  it("answers 404 for an unknown or malformed token", async () => {
    for (const token of [invitationToken("00000000-0000-4000-8000-000000000000"), "short"]) {
      const res = await anonymous().get(tokenUrl(token));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("This invitation link is not valid. Ask for a new invitation.");
    }
  });
});

describe("POST /api/invitations/token/:token/accept, signed out", () => {
  it("creates the account for the invited e-mail, joins with the role and signs in", async () => {
    const { company, owner } = await buildCompany({ name: "Drain Kings" });
    const { id, email, token } = await invite(owner, company.id, undefined, "admin");
    const agent = request.agent(app);
    const res = await agent.post(`${tokenUrl(token)}/accept`).send(newPerson);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      companyId: company.id,
      companyName: "Drain Kings",
      role: "admin",
      user: { email, firstName: "Nora", lastName: "Newhire" },
    });
    expect((await agent.get("/api/user")).body.email).toBe(email);
    expect((await agent.get("/api/companies")).body).toEqual([
      { id: company.id, name: "Drain Kings", role: "admin", employeeId: null },
    ]);
    const [row] = await db.select().from(employeeInvitations).where(eq(employeeInvitations.id, id));
    expect(row.isUsed).toBe(true);
    expect(row.acceptedAt).toBeInstanceOf(Date);
    const activity = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, company.id), eq(notifications.kind, "member.joined")));
    expect(activity.map((a) => [a.recipientUserId, a.message])).toEqual([
      [owner.id, "Nora Newhire joined the team"],
    ]);
    // The new password works for an ordinary sign-in.
    const login = await anonymous().post("/api/login").send({ email, password: newPerson.password });
    expect(login.status).toBe(200);
  });

  it("needs first name, last name and a password", async () => {
    const { company, owner } = await buildCompany();
    const { token } = await invite(owner, company.id);
    for (const [body, message] of [
      [{ ...newPerson, firstName: " " }, "First name is required"],
      [{ ...newPerson, lastName: undefined }, "Last name is required"],
      [{ ...newPerson, password: "short" }, "Password must be at least 8 characters"],
    ] as const) {
      const res = await anonymous()
        .post(`${tokenUrl(token)}/accept`)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("answers 410 for a used link and for an expired one", async () => {
    const { company, owner } = await buildCompany();
    const used = await invite(owner, company.id);
    expect(
      (
        await anonymous()
          .post(`${tokenUrl(used.token)}/accept`)
          .send(newPerson)
      ).status,
    ).toBe(200);
    const again = await anonymous()
      .post(`${tokenUrl(used.token)}/accept`)
      .send(newPerson);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe("This invitation has already been used.");

    const expired = await invite(owner, company.id);
    await expire(expired.id);
    const late = await anonymous()
      .post(`${tokenUrl(expired.token)}/accept`)
      .send({});
    expect(late.status).toBe(410);
    expect(late.body.message).toBe("This invitation has expired. Ask for a new invitation.");
    expect(await db.select().from(users).where(eq(users.email, expired.email))).toEqual([]);
  });

  it("asks an existing account to sign in instead (409)", async () => {
    const { company, owner } = await buildCompany();
    const existing = await buildUser({ email: uniqueEmail("existing") });
    const { token } = await invite(owner, company.id, existing.email);
    const res = await anonymous()
      .post(`${tokenUrl(token)}/accept`)
      .send(newPerson);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "An account with this email already exists. Sign in to accept the invitation.",
    );
  });

  it("lets only one of two simultaneous acceptances through", async () => {
    const { company, owner } = await buildCompany();
    const { email, token } = await invite(owner, company.id);
    const results = await Promise.all(
      [1, 2].map(() =>
        anonymous()
          .post(`${tokenUrl(token)}/accept`)
          .send(newPerson),
      ),
    );
    const [winner, loser] = results.map((r) => r.status).sort((a, b) => a - b);
    expect(winner).toBe(200);
    expect([409, 410]).toContain(loser);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe("POST /api/invitations/token/:token/accept, signed in", () => {
  it("joins a signed-in user whose e-mail was invited, with the invited role", async () => {
    const { company, owner } = await buildCompany();
    const { owner: elsewhere } = await buildCompany();
    const { token } = await invite(owner, company.id, elsewhere.email.toUpperCase(), "admin");
    const res = await (await agentFor(elsewhere)).post(`${tokenUrl(token)}/accept`).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ companyId: company.id, role: "admin", user: { id: elsewhere.id } });
    const [membership] = await db
      .select()
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, elsewhere.id)));
    expect(membership.role).toBe("admin");
  });

  it("answers 403 to a user signed in with another e-mail, and leaves the link usable", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const { token } = await invite(owner, company.id);
    const res = await (await agentFor(employeeUser)).post(`${tokenUrl(token)}/accept`).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      "This invitation was sent to another email address. Sign out, then open the link again.",
    );
    expect((await anonymous().get(tokenUrl(token))).body.status).toBe("valid");
  });
});

describe("DELETE /api/invitations/:id", () => {
  it("cancels a pending invitation for owners and admins: the link stops working", async () => {
    const { company, owner, admin } = await buildTenant();
    for (const user of [owner, admin]) {
      const { id, token } = await invite(owner, company.id);
      expect((await (await agentFor(user)).delete(`/api/invitations/${id}`)).status).toBe(204);
      expect((await anonymous().get(tokenUrl(token))).status).toBe(404);
    }
  });

  it("answers 401 signed out, 403 to the employee role, 404 to another company", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const { owner: outsider } = await buildCompany();
    const { id } = await invite(owner, company.id);
    expect((await anonymous().delete(`/api/invitations/${id}`)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).delete(`/api/invitations/${id}`)).status).toBe(403);
    for (const target of [id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await (await agentFor(outsider)).delete(`/api/invitations/${target}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Invitation not found");
    }
    expect(await db.select().from(employeeInvitations).where(eq(employeeInvitations.id, id))).toHaveLength(1);
  });

  it("answers 409 for an invitation that was already accepted", async () => {
    const { company, owner } = await buildCompany();
    const { id, token } = await invite(owner, company.id);
    await anonymous()
      .post(`${tokenUrl(token)}/accept`)
      .send(newPerson);
    const res = await (await agentFor(owner)).delete(`/api/invitations/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This invitation has already been accepted");
  });
});
