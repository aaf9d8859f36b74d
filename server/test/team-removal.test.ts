import { db } from "@sched/core/db/client";
import { companyUsers } from "@sched/core/db/schema";
import { publish } from "@sched/core/publish";
import { addMember, buildCompany, buildTenant } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const memberUrl = (companyId: string, userId: string) => `/api/companies/${companyId}/users/${userId}`;

describe("DELETE /api/companies/:companyId/users/:userId", () => {
  it("lets owners and admins remove an employee or an admin", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const otherAdmin = await addMember(company.id, "admin");
    expect((await (await agentFor(owner)).delete(memberUrl(company.id, employeeUser.id))).status).toBe(204);
    expect((await (await agentFor(admin)).delete(memberUrl(company.id, otherAdmin.id))).status).toBe(204);
    const left = await db.select().from(companyUsers).where(eq(companyUsers.companyId, company.id));
    expect(left.map((m) => m.userId).sort()).toEqual([owner.id, admin.id].sort());
  });

  it("never removes the owner, never oneself", async () => {
    const { company, owner, admin } = await buildTenant();
    const byAdmin = await (await agentFor(admin)).delete(memberUrl(company.id, owner.id));
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe("The company owner cannot be removed");
    const self = await (await agentFor(admin)).delete(memberUrl(company.id, admin.id));
    expect(self.status).toBe(403);
    expect(self.body.message).toBe("You cannot remove yourself from the team");
    const ownerSelf = await (await agentFor(owner)).delete(memberUrl(company.id, owner.id));
    expect(ownerSelf.status).toBe(403);
    const members = await db.select().from(companyUsers).where(eq(companyUsers.companyId, company.id));
    expect(members).toHaveLength(3);
  });

  it("answers 401 signed out, 403 to the employee role and to a non-member", async () => {
    const { company, admin, employeeUser } = await buildTenant();
    const { owner: outsider } = await buildCompany();
    expect((await anonymous().delete(memberUrl(company.id, admin.id))).status).toBe(401);
    expect((await (await agentFor(employeeUser)).delete(memberUrl(company.id, admin.id))).status).toBe(403);
    expect((await (await agentFor(outsider)).delete(memberUrl(company.id, admin.id))).status).toBe(403);
  });

  it("answers 404 for a user who is not in this company, the same as for an unknown id", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const agent = await agentFor(owner);
    for (const userId of [other.employeeUser.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await agent.delete(memberUrl(company.id, userId));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Member not found");
    }
    const stillThere = await db
      .select()
      .from(companyUsers)
      .where(
        and(eq(companyUsers.companyId, other.company.id), eq(companyUsers.userId, other.employeeUser.id)),
      );
    expect(stillThere).toHaveLength(1);
  });

  it("ends the removed member's API access at once, with the session still open", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const removed = await agentFor(employeeUser);
    expect((await removed.get(`/api/employees?companyId=${company.id}`)).status).toBe(200);
    expect((await (await agentFor(owner)).delete(memberUrl(company.id, employeeUser.id))).status).toBe(204);
    expect((await removed.get("/api/user")).status).toBe(200);
    for (const url of [`/api/employees?companyId=${company.id}`, `/api/companies/${company.id}/users`]) {
      const res = await removed.get(url);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You are not a member of this company");
    }
    expect((await removed.get("/api/companies")).body).toEqual([]);
  });
});

describe("removal over realtime", () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("tells the team and the removed user, and the removed user's socket leaves the room", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const ownerSocket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const removedSocket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(employeeUser) });
    const leaked: string[] = [];

    const toTeam = nextEvent(ownerSocket, "member.removed");
    const toRemoved = nextEvent(removedSocket, "member.removed");
    expect((await (await agentFor(owner)).delete(memberUrl(company.id, employeeUser.id))).status).toBe(204);
    const expected = { companyId: company.id, userId: employeeUser.id };
    expect(await toTeam).toEqual(expected);
    expect(await toRemoved).toEqual(expected);

    removedSocket.onAny((event) => leaked.push(event));
    // The owner receiving a later company event proves the removed socket had every chance to get it.
    const marker = nextEvent(ownerSocket, "job.deleted");
    publish(company.id, "job.deleted", { id: "after-removal", companyId: company.id });
    await marker;
    expect(leaked).toEqual([]);
    ownerSocket.close();
    removedSocket.close();
  });
});
