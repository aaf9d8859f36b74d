import { db } from "@sched/core/db/client";
import { jobs, scheduleTemplates } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { and, asc, between, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

// Monday 2026-11-23 to Sunday 2026-11-29.
const WEEK = "2026-11-23";

/** A tenant whose week of WEEK holds three jobs, plus one job either side of it. */
async function tenantWithWeek() {
  const tenant = await buildTenant();
  const { company, employee } = tenant;
  const second = await buildEmployee(company.id, { name: "Ria Rooter", initials: "RR" });
  await buildJob(company.id, employee.id, { date: "2026-11-22", time: "08:00" });
  await buildJob(company.id, employee.id, {
    date: "2026-11-23",
    time: "09:00",
    type: "Repair",
    location: "1 Main St",
    description: "Leaky tap",
    amount: "120.00",
    status: "completed",
    paymentStatus: "paid",
  });
  await buildJob(company.id, second.id, { date: "2026-11-25", time: "13:30", type: "Inspection" });
  await buildJob(company.id, employee.id, { date: "2026-11-29", time: "07:15", type: "Emergency" });
  await buildJob(company.id, employee.id, { date: "2026-11-30", time: "08:00" });
  return { ...tenant, second };
}

describe("POST /api/templates", () => {
  it("answers 401 signed out, 403 to the employee role and to a non-member", async () => {
    const { company, employeeUser } = await tenantWithWeek();
    const other = await buildTenant();
    const body = { name: "Standard week", companyId: company.id, weekStart: WEEK };
    expect((await anonymous().post("/api/templates").send(body)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).post("/api/templates").send(body)).status).toBe(403);
    expect((await (await agentFor(other.owner)).post("/api/templates").send(body)).status).toBe(403);
  });

  it.each([
    [{ name: "" }, "Template name is required"],
    [{ name: "x".repeat(101) }, "Template name must be 100 characters or less"],
    [{ weekStart: undefined }, "Date is required"],
    [{ weekStart: "23/11/2026" }, "Date must be yyyy-MM-dd"],
  ])("refuses %o with a clear message", async (change, message) => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/templates")
      .send({ name: "Standard week", companyId: company.id, weekStart: WEEK, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("captures exactly the jobs of that week, Monday to Sunday, as weekday entries", async () => {
    const { company, admin, employee, second } = await tenantWithWeek();
    const res = await (await agentFor(admin))
      .post("/api/templates")
      .send({ name: "Standard week", description: "Our usual", companyId: company.id, weekStart: WEEK });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Standard week",
      description: "Our usual",
      companyId: company.id,
    });
    expect(res.body.templateData).toEqual([
      {
        employeeId: employee.id,
        dayOfWeek: 0,
        time: "09:00",
        type: "Repair",
        location: "1 Main St",
        description: "Leaky tap",
        amount: "120.00",
        requiredSkills: [],
      },
      {
        employeeId: second.id,
        dayOfWeek: 2,
        time: "13:30",
        type: "Inspection",
        location: "1 Main St",
        description: null,
        amount: null,
        requiredSkills: [],
      },
      {
        employeeId: employee.id,
        dayOfWeek: 6,
        time: "07:15",
        type: "Emergency",
        location: "1 Main St",
        description: null,
        amount: null,
        requiredSkills: [],
      },
    ]);
  });

  it("captures the week that contains a mid-week date, and an empty week as no entries", async () => {
    const { company, owner } = await tenantWithWeek();
    const agent = await agentFor(owner);
    const midWeek = await agent
      .post("/api/templates")
      .send({ name: "Mid", companyId: company.id, weekStart: "2026-11-26" });
    expect(midWeek.body.templateData).toHaveLength(3);
    const empty = await agent
      .post("/api/templates")
      .send({ name: "Empty", companyId: company.id, weekStart: "2027-01-04" });
    expect(empty.status).toBe(201);
    expect(empty.body.templateData).toEqual([]);
  });
});

describe("GET /api/templates", () => {
  it("lists the company's templates newest first to any member, never another company's", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const other = await buildTenant();
    await db.insert(scheduleTemplates).values([
      { companyId: company.id, name: "Older", createdAt: new Date("2026-01-01T00:00:00Z") },
      { companyId: company.id, name: "Newer", createdAt: new Date("2026-02-01T00:00:00Z") },
      { companyId: other.company.id, name: "Theirs" },
    ]);
    expect((await anonymous().get(`/api/templates?companyId=${company.id}`)).status).toBe(401);
    const res = await (await agentFor(employeeUser)).get(`/api/templates?companyId=${company.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name)).toEqual(["Newer", "Older"]);
    expect((await (await agentFor(owner)).get(`/api/templates?companyId=${other.company.id}`)).status).toBe(
      403,
    );
  });
});

describe("DELETE /api/templates/:id", () => {
  it("deletes for owners and admins; 401, 403 for employees, 404 across companies", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const other = await buildTenant();
    const [mine, mine2, theirs] = await db
      .insert(scheduleTemplates)
      .values([
        { companyId: company.id, name: "A" },
        { companyId: company.id, name: "B" },
        { companyId: other.company.id, name: "C" },
      ])
      .returning();
    expect((await anonymous().delete(`/api/templates/${mine.id}`)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).delete(`/api/templates/${mine.id}`)).status).toBe(403);
    const foreign = await (await agentFor(owner)).delete(`/api/templates/${theirs.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Template not found");
    expect((await (await agentFor(owner)).delete(`/api/templates/${mine.id}`)).status).toBe(204);
    expect((await (await agentFor(admin)).delete(`/api/templates/${mine2.id}`)).status).toBe(204);
    const left = await db.select().from(scheduleTemplates).where(eq(scheduleTemplates.companyId, company.id));
    expect(left).toEqual([]);
    expect((await (await agentFor(owner)).delete(`/api/templates/${mine.id}`)).status).toBe(404);
  });
});

describe("capture, then apply", () => {
  it("counts the source week as applied: applying there asks first, other weeks get the jobs", async () => {
    const { company, owner } = await tenantWithWeek();
    const agent = await agentFor(owner);
    const created = await agent
      .post("/api/templates")
      .send({ name: "Standard week", companyId: company.id, weekStart: "2026-11-25" });
    const url = `/api/templates/${created.body.id}/apply`;
    const same = await agent.post(url).send({ companyId: company.id, weekStart: WEEK });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe("The Week of Nov 23, 2026 already has this template's jobs");
    const other = await agent.post(url).send({ companyId: company.id, weekStart: "2026-12-07" });
    expect(other.body).toEqual({ created: 3, skipped: 0 });
    const copies = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, company.id), between(jobs.date, "2026-12-07", "2026-12-13")))
      .orderBy(asc(jobs.date));
    expect(copies.map((job) => [job.date, job.time, job.type])).toEqual([
      ["2026-12-07", "09:00", "Repair"],
      ["2026-12-09", "13:30", "Inspection"],
      ["2026-12-13", "07:15", "Emergency"],
    ]);
  });
});
