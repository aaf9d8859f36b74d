/**
 * A calendar feed address belongs to one member and one employee (docs/settings.md):
 * relinking the member to another employee, or unlinking them, retires
 * it for good, so the old address never shows the new employee's jobs.
 */
import { db } from "@sched/core/db/client";
import { companyUsers } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous } from "./support";

async function linkDirectly(companyId: string, userId: string, employeeId: string) {
  await db
    .update(companyUsers)
    .set({ employeeId })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
}

async function feedPathOf(agent: Agent, companyId: string): Promise<string> {
  const res = await agent.post(`/api/companies/${companyId}/calendar-feed`).send({});
  expect(res.status).toBe(200);
  return new URL(res.body.url).pathname;
}

describe("relinking a member", () => {
  it("retires their feed address when the employee changes, and keeps it when it does not", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const other = await buildEmployee(company.id, { name: "Olga Other", initials: "OO" });
    await buildJob(company.id, other.id, { location: "9 Secret Ln" });
    await linkDirectly(company.id, employeeUser.id, employee.id);
    const technician = await agentFor(employeeUser);
    const office = await agentFor(owner);
    const relink = (employeeId: string | null) =>
      office.put(`/api/companies/${company.id}/users/${employeeUser.id}`).send({ employeeId });

    const feed = await feedPathOf(technician, company.id);
    expect((await anonymous().get(feed)).status).toBe(200);
    expect((await relink(employee.id)).status).toBe(200);
    expect((await anonymous().get(feed)).status).toBe(200);

    expect((await relink(other.id)).status).toBe(200);
    const after = await anonymous().get(feed);
    expect(after.status).toBe(404);
    expect(after.text).not.toContain("9 Secret Ln");
    // Back to the first employee, the old address stays retired: a new one is asked for.
    expect((await relink(employee.id)).status).toBe(200);
    expect((await anonymous().get(feed)).status).toBe(404);

    const second = await feedPathOf(technician, company.id);
    expect((await relink(null)).status).toBe(200);
    expect((await relink(employee.id)).status).toBe(200);
    expect((await anonymous().get(second)).status).toBe(404);
  });
});
