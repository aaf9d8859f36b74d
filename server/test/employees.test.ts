import { db } from "@sched/core/db/client";
import { chatMessages, employees, jobs } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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

describe("an employee's phone and e-mail", () => {
  it("are kept on create, changed or cleared on update, and null when never given", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const created = await agent
      .post("/api/employees")
      .send({ ...newEmployee, companyId: company.id, phone: " 555-010-2000 ", email: "nia@example.com" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ phone: "555-010-2000", email: "nia@example.com" });
    const renamed = await agent.put(`/api/employees/${created.body.id}`).send({ name: "Nia N." });
    expect(renamed.body).toMatchObject({ name: "Nia N.", phone: "555-010-2000", email: "nia@example.com" });
    const cleared = await agent.put(`/api/employees/${created.body.id}`).send({ phone: "", email: "  " });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ phone: null, email: null });
    const bare = await agent.post("/api/employees").send({ ...newEmployee, companyId: company.id });
    expect(bare.body).toMatchObject({ phone: null, email: null });
    const roster = await agent.get(`/api/employees?companyId=${company.id}`);
    expect(roster.body.find((e: { id: string }) => e.id === bare.body.id)).toMatchObject({ phone: null });
  });

  it.each([
    [{ phone: "call me" }, "Phone must be 7 to 20 characters: digits, spaces and + - ( ) ."],
    [{ phone: "12" }, "Phone must be 7 to 20 characters: digits, spaces and + - ( ) ."],
    [{ email: "nia@" }, "Email must be a valid email address"],
    [{ email: 42 }, "Email must be a valid email address"],
  ])("refuses %o with 400 and a clear message, on create and update", async (change, message) => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const created = await agent
      .post("/api/employees")
      .send({ ...newEmployee, ...change, companyId: company.id });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(message);
    const updated = await agent.put(`/api/employees/${employee.id}`).send(change);
    expect(updated.status).toBe(400);
    expect(updated.body.message).toBe(message);
  });

  it("answers 401 signed out, 403 to a technician, 404 for another company's employee", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const other = await buildTenant();
    const change = { phone: "555-010-3000" };
    expect((await anonymous().put(`/api/employees/${employee.id}`).send(change)).status).toBe(401);
    const technician = await (await agentFor(employeeUser)).put(`/api/employees/${employee.id}`).send(change);
    expect(technician.status).toBe(403);
    const foreign = await (await agentFor(owner)).put(`/api/employees/${other.employee.id}`).send(change);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Employee not found");
    const [stored] = await db.select().from(employees).where(eq(employees.id, other.employee.id));
    expect(stored.phone).toBeNull();
    expect(company.id).not.toBe(other.company.id);
  });
});

describe("DELETE /api/employees/:id", () => {
  it("answers 401 signed out, 403 to the employee role, 404 across companies", async () => {
    const { employee, employeeUser } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().delete(`/api/employees/${employee.id}`)).status).toBe(401);
    const agent = await agentFor(employeeUser);
    expect((await agent.delete(`/api/employees/${employee.id}`)).status).toBe(403);
    const foreign = await agent.delete(`/api/employees/${other.employee.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Employee not found");
    const unknown = await agent.delete("/api/employees/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Employee not found");
    const kept = await db.select().from(employees).where(eq(employees.id, other.employee.id));
    expect(kept).toHaveLength(1);
  });

  it("removes an employee with nothing attached at once, for owners and admins", async () => {
    const { company, owner, admin } = await buildTenant();
    for (const user of [owner, admin]) {
      const person = await buildEmployee(company.id, { name: "Short Stay" });
      const res = await (await agentFor(user)).delete(`/api/employees/${person.id}`);
      expect(res.status).toBe(204);
      expect(await db.select().from(employees).where(eq(employees.id, person.id))).toEqual([]);
    }
  });

  it("refuses to delete jobs and messages unconfirmed: 409 with the counts, then deletes with confirm=true", async () => {
    const { company, owner, employee } = await buildTenant();
    await buildJob(company.id, employee.id);
    await buildJob(company.id, employee.id, { date: "2026-11-24" });
    await db
      .insert(chatMessages)
      .values({ companyId: company.id, employeeId: employee.id, message: "On my way" });
    const agent = await agentFor(owner);

    const refused = await agent.delete(`/api/employees/${employee.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "conflict",
      message:
        "Pat Plumber has 2 jobs and 1 chat message that would be deleted too. Deactivate instead to keep them in the history.",
      jobCount: 2,
      messageCount: 1,
    });
    expect(await db.select().from(jobs).where(eq(jobs.employeeId, employee.id))).toHaveLength(2);
    expect((await agent.delete(`/api/employees/${employee.id}?confirm=false`)).status).toBe(409);

    const confirmed = await agent.delete(`/api/employees/${employee.id}?confirm=true`);
    expect(confirmed.status).toBe(204);
    expect(await db.select().from(jobs).where(eq(jobs.employeeId, employee.id))).toEqual([]);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.employeeId, employee.id))).toEqual([]);
  });

  it("deactivating instead keeps the employee and their jobs, listed as inactive", async () => {
    const { company, owner, employee } = await buildTenant();
    await buildJob(company.id, employee.id);
    const agent = await agentFor(owner);
    const res = await agent.put(`/api/employees/${employee.id}`).send({ isActive: false });
    expect(res.status).toBe(200);
    const list = await agent.get(`/api/employees?companyId=${company.id}`);
    expect(list.body).toEqual([expect.objectContaining({ id: employee.id, isActive: false })]);
    expect(await db.select().from(jobs).where(eq(jobs.employeeId, employee.id))).toHaveLength(1);
  });

  it("answers 400 for a confirm value that is not a boolean", async () => {
    const { owner, employee } = await buildTenant();
    const res = await (await agentFor(owner)).delete(`/api/employees/${employee.id}?confirm=maybe`);
    expect(res.status).toBe(400);
  });
});
