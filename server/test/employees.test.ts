import { describe, expect, it } from "vitest";
import { buildEmployee, buildTenant } from "./factories";
import { agentFor, anonymous } from "./support";

const newEmployee = { name: "Nia Novak", initials: "NN", avatarColor: "teal" };

describe("GET /api/employees", () => {
  it("answers 401 signed out, 400 without a company, and the company's roster to any member", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().get(`/api/employees?companyId=${company.id}`)).status).toBe(401);
    const agent = await agentFor(employeeUser);
    const missing = await agent.get("/api/employees");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Company id is required");
    const res = await agent.get("/api/employees").set("X-Company-Id", company.id);
    expect(res.status).toBe(200);
    expect(res.body.map((e: { id: string }) => e.id)).toEqual([employee.id]);
    expect((await agent.get(`/api/employees?companyId=${other.company.id}`)).status).toBe(403);
  });
});

describe("POST /api/employees", () => {
  it("creates for owners and admins, 403 for the employee role", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    for (const user of [owner, admin]) {
      const res = await (await agentFor(user))
        .post("/api/employees")
        .send({ ...newEmployee, companyId: company.id });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ...newEmployee, isActive: true, companyId: company.id });
    }
    const refused = await (await agentFor(employeeUser))
      .post("/api/employees")
      .send({ ...newEmployee, companyId: company.id });
    expect(refused.status).toBe(403);
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ initials: "" }, "Initials are required"],
    [{ initials: "ABCD" }, "Initials must be 3 characters or less"],
    [{ avatarColor: undefined }, "Avatar color is required"],
    [
      { avatarColor: "mauve" },
      "Avatar color must be one of blue, green, purple, orange, teal, red, indigo, pink",
    ],
  ])("refuses %o with SPEC's message", async (change, message) => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/employees")
      .send({ ...newEmployee, ...change, companyId: company.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe("PUT /api/employees/:id", () => {
  it("updates within the company and answers 404 for another company's employee", async () => {
    const { owner, company } = await buildTenant();
    const mine = await buildEmployee(company.id, { name: "Old Name" });
    const other = await buildTenant();
    const agent = await agentFor(owner);
    const res = await agent.put(`/api/employees/${mine.id}`).send({ name: "New Name", isActive: "false" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "New Name", isActive: false });
    const foreign = await agent.put(`/api/employees/${other.employee.id}`).send({ name: "Hijack" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Employee not found");
  });
});
