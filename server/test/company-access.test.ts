import { buildCompany, buildTenant, buildUser } from "@sched/core/test/factories";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

describe("company-scoped access (GET /api/companies/:companyId)", () => {
  it("answers 401 when signed out", async () => {
    const { company } = await buildCompany();
    expect((await anonymous().get(`/api/companies/${company.id}`)).status).toBe(401);
  });

  it("answers 403 to a signed-in non-member, the same for an unknown id; 400 for one that is no id", async () => {
    const { company } = await buildCompany();
    const stranger = await agentFor(await buildUser());
    for (const id of [company.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await stranger.get(`/api/companies/${id}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You are not a member of this company");
    }
    // A malformed company id names no company at all (docs/api.md).
    const malformed = await stranger.get("/api/companies/default-company");
    expect([malformed.status, malformed.body.message]).toEqual([400, "Company id is required"]);
  });

  it("answers each member with the company and their role", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    for (const [user, role] of [
      [owner, "owner"],
      [admin, "admin"],
      [employeeUser, "employee"],
    ] as const) {
      const res = await (await agentFor(user)).get(`/api/companies/${company.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: company.id, name: company.name, role, employeeId: null });
    }
  });
});
