/**
 * A new password ends every session of the account, sockets included, and signs in the
 * browser that chose it (docs/auth.md). An owner can send a
 * member the link from the Team screen.
 */
import { db } from "@sched/core/db/client";
import { passwordResets } from "@sched/core/db/schema";
import { buildCompany, buildTenant, buildUser } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestReset, tokenFor } from "./password-reset-support";
import { connectSocket, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous, app } from "./support";

type Gateway = Awaited<ReturnType<typeof startGateway>>;

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("choosing a new password", () => {
  it("ends every other session and its sockets; the browser that chose it is signed in", {
    timeout: 30_000,
  }, async () => {
    const { owner } = await buildCompany();
    const phone = await agentFor(owner);
    const laptop = await agentFor(owner);
    const cookie = await sessionCookieFor(owner);
    const socket = await connectSocket(gateway.url, { Cookie: cookie });
    const disconnected = new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));

    // Another session of the same account asks for the link, as someone signed in may.
    expect((await laptop.post("/api/password-reset").send({ email: owner.email })).status).toBe(202);
    const browser = request.agent(app);
    const res = await browser
      .post(`/api/password-reset/${await tokenFor(owner.id)}`)
      .send({ password: "a-new-password-2" });
    expect(res.status).toBe(200);

    await disconnected;
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/api/user")).status).toBe(401);
    expect((await anonymous().get("/api/user").set("Cookie", cookie)).status).toBe(401);
    // The socket's reconnection is refused: its session is gone.
    await expect(connectSocket(gateway.url, { Cookie: cookie })).rejects.toThrow(/Not signed in/);
    expect((await browser.get("/api/user")).status).toBe(200);
  });

  it("leaves other accounts' sessions alone", async () => {
    const user = await buildUser();
    const someoneElse = await buildUser();
    const theirs = await agentFor(someoneElse);
    await anonymous().post("/api/password-reset").send({ email: user.email });
    expect(
      (
        await anonymous()
          .post(`/api/password-reset/${await tokenFor(user.id)}`)
          .send({ password: "a-new-password-2" })
      ).status,
    ).toBe(200);
    expect((await theirs.get("/api/user")).status).toBe(200);
  });
});

describe("POST /api/companies/:companyId/users/:userId/password-reset", () => {
  const path = (companyId: string, userId: string) =>
    `/api/companies/${companyId}/users/${userId}/password-reset`;

  it("lets the owner send a member a link", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const res = await (await agentFor(owner)).post(path(company.id, employeeUser.id));
    expect(res.status).toBe(202);
    const row = await latestReset(employeeUser.id);
    expect(row.requestedBy).toBe(owner.id);
    expect(row.usedAt).toBeNull();
  });

  it("stays open after the trial has ended: helping someone back in changes nothing of the company's", async () => {
    const { company, owner, employeeUser } = await buildTenant({
      trialEndsAt: new Date(Date.now() - 60_000),
    });
    expect((await (await agentFor(owner)).post(path(company.id, employeeUser.id))).status).toBe(202);
  });

  it("is the owner's alone: 401 signed out, 403 for an admin, an employee and a stranger", async () => {
    const { company, admin, employeeUser } = await buildTenant();
    const { owner: stranger } = await buildCompany();
    expect((await anonymous().post(path(company.id, employeeUser.id))).status).toBe(401);
    for (const who of [admin, employeeUser, stranger]) {
      expect((await (await agentFor(who)).post(path(company.id, employeeUser.id))).status).toBe(403);
    }
    const rows = await db.select().from(passwordResets).where(eq(passwordResets.userId, employeeUser.id));
    expect(rows).toEqual([]);
  });

  it("answers 404 for someone who is not a member of the owner's company", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const ownerAgent = await agentFor(owner);
    for (const userId of [other.employeeUser.id, "not-a-uuid"]) {
      const res = await ownerAgent.post(path(company.id, userId));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Member not found");
    }
    expect(await latestReset(other.employeeUser.id)).toBeUndefined();
  });
});
