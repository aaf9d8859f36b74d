/**
 * Chat as yourself (docs/realtime.md): the server decides the sender. A member linked to the
 * roster writes as that employee, an unlinked member as themselves; an `employeeId` that is
 * not the caller's own answers 403; old messages keep their employee and have no author.
 */
import { db } from "@sched/core/db/client";
import { chatMessages, companyUsers } from "@sched/core/db/schema";
import { buildEmployee, buildTenant } from "@sched/core/test/factories";
import type { ChatMessageDTO } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const NOT_YOURSELF = "You can only send messages as yourself";

async function link(companyId: string, userId: string, employeeId: string) {
  await db
    .update(companyUsers)
    .set({ employeeId })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
}

const storedIn = (companyId: string) =>
  db.select().from(chatMessages).where(eq(chatMessages.companyId, companyId));

describe("POST /api/chat: who sends", () => {
  it("answers 401 signed out", async () => {
    const { company } = await buildTenant();
    const res = await anonymous().post("/api/chat").send({ companyId: company.id, message: "Hi" });
    expect(res.status).toBe(401);
  });

  it("sends as the caller's linked roster employee, with or without naming it", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    await link(company.id, employeeUser.id, employee.id);
    const agent = await agentFor(employeeUser);
    for (const body of [{ message: "On my way" }, { message: "Here now", employeeId: employee.id }]) {
      const res = await agent.post("/api/chat").send({ companyId: company.id, ...body });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        employeeId: employee.id,
        employee: { name: "Pat Plumber", initials: "PP", avatarColor: "blue" },
        author: { userId: employeeUser.id, name: "Pat Plumber", initials: "PP", avatarColor: "blue" },
      });
    }
    const rows = await storedIn(company.id);
    expect(rows.map((row) => [row.employeeId, row.senderUserId])).toEqual([
      [employee.id, employeeUser.id],
      [employee.id, employeeUser.id],
    ]);
  });

  it("sends an unlinked member's message as themselves: no employee, their own name and initials", async () => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/chat")
      .send({ companyId: company.id, message: "Hi" });
    expect(res.status).toBe(201);
    expect(res.body.employeeId).toBeNull();
    expect(res.body.employee).toBeNull();
    expect(res.body.author).toEqual({
      userId: owner.id,
      name: "Olive Owner",
      initials: "OO",
      avatarColor: "gray",
    });
  });

  it("answers 403 to an employeeId that is not the caller's own, linked or not, and stores nothing", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const colleague = await buildEmployee(company.id, { name: "Rita Ruiz", initials: "RR" });
    const other = await buildTenant();
    await link(company.id, employeeUser.id, employee.id);
    const cases: [typeof owner, string][] = [
      [employeeUser, colleague.id],
      [employeeUser, other.employee.id],
      [owner, employee.id],
      [owner, colleague.id],
    ];
    for (const [user, employeeId] of cases) {
      const res = await (await agentFor(user))
        .post("/api/chat")
        .send({ companyId: company.id, employeeId, message: "Hijack" });
      expect([res.status, res.body.code, res.body.message]).toEqual([403, "forbidden", NOT_YOURSELF]);
    }
    expect(await storedIn(company.id)).toEqual([]);
  });
});

describe("GET /api/chat: authors", () => {
  it("shows linked and unlinked authors, and old messages with their employee and no author", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    await db.insert(chatMessages).values({ companyId: company.id, employeeId: employee.id, message: "Old" });
    await link(company.id, employeeUser.id, employee.id);
    await (await agentFor(employeeUser)).post("/api/chat").send({ companyId: company.id, message: "Linked" });
    const ownerAgent = await agentFor(owner);
    await ownerAgent.post("/api/chat").send({ companyId: company.id, message: "Unlinked" });

    const res = await ownerAgent.get(`/api/chat?companyId=${company.id}`);
    expect(res.status).toBe(200);
    const byText = new Map(res.body.map((m: ChatMessageDTO) => [m.message, m]));
    expect(byText.get("Old")).toMatchObject({
      employeeId: employee.id,
      employee: { name: "Pat Plumber", initials: "PP", avatarColor: "blue" },
      author: null,
    });
    expect(byText.get("Linked")).toMatchObject({
      employeeId: employee.id,
      author: { userId: employeeUser.id, name: "Pat Plumber", initials: "PP", avatarColor: "blue" },
    });
    expect(byText.get("Unlinked")).toMatchObject({
      employeeId: null,
      employee: null,
      author: { userId: owner.id, name: "Olive Owner", initials: "OO", avatarColor: "gray" },
    });
    // The list and the answer to the send present a message alike.
    const sent = await ownerAgent.post("/api/chat").send({ companyId: company.id, message: "Again" });
    const after = await ownerAgent.get(`/api/chat?companyId=${company.id}&after=${res.body.at(-1).id}`);
    expect(after.body).toEqual([sent.body]);
  });
});
