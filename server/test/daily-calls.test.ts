import { db } from "@sched/core/db/client";
import { callRecords, dailyCalls } from "@sched/core/db/schema";
import { toDateString } from "@sched/core/lib/dates";
import { buildTenant } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const DAY = "2026-03-04";
const call = { customerName: "Jane Doe", customerPhone: "555 123 4567", callDate: DAY, callTime: "09:30" };

async function mirroredCount(companyId: string, date: string) {
  const [row] = await db
    .select({ callCount: dailyCalls.callCount })
    .from(dailyCalls)
    .where(and(eq(dailyCalls.companyId, companyId), eq(dailyCalls.date, date)));
  return row?.callCount;
}

describe("GET /api/daily-calls", () => {
  it("answers 401 signed out and 403 to a non-member", async () => {
    const { company } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().get(`/api/daily-calls?companyId=${company.id}`)).status).toBe(401);
    expect((await (await agentFor(other.admin)).get(`/api/daily-calls?companyId=${company.id}`)).status).toBe(
      403,
    );
  });

  it("counts the day's call records, even with no notes saved yet", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    // Written straight to the table (as the demo seed does): the count must not depend on the mirror.
    await db.insert(callRecords).values([
      { ...call, companyId: company.id },
      { ...call, companyId: company.id, callTime: "11:00" },
      { ...call, companyId: company.id, callDate: "2026-03-05" },
    ]);
    await (await agentFor(owner)).post("/api/call-records").send({ ...call, companyId: company.id });
    const res = await (await agentFor(employeeUser)).get(
      `/api/daily-calls?companyId=${company.id}&date=${DAY}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ companyId: company.id, date: DAY, callCount: 3, notes: null });
  });

  it("defaults to the server's UTC date", async () => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner)).get(`/api/daily-calls?companyId=${company.id}`);
    expect(res.body).toMatchObject({ id: null, date: toDateString(new Date()), callCount: 0, notes: null });
  });
});

describe("PUT /api/daily-calls", () => {
  it("saves and clears the day's notes for owners and admins; 403 for the employee role", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const url = `/api/daily-calls?companyId=${company.id}&date=${DAY}`;
    const saved = await (await agentFor(admin)).put(url).send({ notes: "Two callbacks owed" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ date: DAY, notes: "Two callbacks owed", callCount: 0 });
    expect(saved.body.id).toEqual(expect.any(String));

    const cleared = await (await agentFor(owner)).put(url).send({ notes: "" });
    expect(cleared.body).toMatchObject({ id: saved.body.id, notes: null });

    const refused = await (await agentFor(employeeUser)).put(url).send({ notes: "Mine now" });
    expect(refused.status).toBe(403);
    expect((await anonymous().put(url).send({ notes: "x" })).status).toBe(401);
  });

  it("refuses notes over 2,000 characters and a malformed date", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const long = await agent
      .put(`/api/daily-calls?companyId=${company.id}&date=${DAY}`)
      .send({ notes: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Notes must be 2000 characters or less");
    const bad = await agent
      .put(`/api/daily-calls?companyId=${company.id}&date=tomorrow`)
      .send({ notes: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Date must be yyyy-MM-dd");
  });
});

describe("daily_call.call_count", () => {
  it("mirrors the number of calls as they are logged, moved to another day and deleted", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const created = await Promise.all(
      [0, 1, 2].map(() => agent.post("/api/call-records").send({ ...call, companyId: company.id })),
    );
    expect(created.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(await mirroredCount(company.id, DAY)).toBe(3);

    await agent.put(`/api/call-records/${created[0].body.id}`).send({ ...call, callDate: "2026-03-06" });
    expect(await mirroredCount(company.id, DAY)).toBe(2);
    expect(await mirroredCount(company.id, "2026-03-06")).toBe(1);

    await agent.delete(`/api/call-records/${created[1].body.id}`);
    expect(await mirroredCount(company.id, DAY)).toBe(1);
  });
});
