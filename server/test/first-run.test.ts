import { addMember, buildCompany, buildEmployee, buildJob, uniqueEmail } from "@sched/core/test/factories";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const progressUrl = (companyId: string) => `/api/companies/${companyId}/first-run`;

describe("GET /api/companies/:companyId/first-run", () => {
  it("tracks the roster, the first job and the first invitation from the company's data", async () => {
    const { company, owner } = await buildCompany();
    const agent = await agentFor(owner);
    const progress = async () => (await agent.get(progressUrl(company.id)).expect(200)).body;

    expect(await progress()).toEqual({ hasEmployee: false, hasJob: false, hasInvitedMember: false });
    const employee = await buildEmployee(company.id);
    await buildJob(company.id, employee.id);
    expect(await progress()).toEqual({ hasEmployee: true, hasJob: true, hasInvitedMember: false });
    await agent
      .post(`/api/companies/${company.id}/invitations`)
      .send({ email: uniqueEmail("tech"), role: "employee" })
      .expect(201);
    expect(await progress()).toEqual({ hasEmployee: true, hasJob: true, hasInvitedMember: true });
  });

  it("counts a second member as invited, and is for those who manage the team", async () => {
    const { company } = await buildCompany();
    const employeeUser = await addMember(company.id, "employee");
    const admin = await addMember(company.id, "admin");
    const res = await (await agentFor(admin)).get(progressUrl(company.id));
    expect(res.body.hasInvitedMember).toBe(true);
    expect((await (await agentFor(employeeUser)).get(progressUrl(company.id))).status).toBe(403);
  });
});
