import { db } from "@sched/core/db/client";
import { employees, jobs, scheduleTemplates, weeklySchedules } from "@sched/core/db/schema";
import { buildEmployee, buildTenant } from "@sched/core/test/factories";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const NEXT_WEEK = "2026-11-30";

/** A tenant with a template of three entries for two employees. */
async function tenantWithTemplate() {
  const tenant = await buildTenant();
  const { company, employee } = tenant;
  const second = await buildEmployee(company.id, { name: "Ria Rooter", initials: "RR" });
  const [template] = await db
    .insert(scheduleTemplates)
    .values({
      companyId: company.id,
      name: "Standard week",
      templateData: [
        {
          employeeId: employee.id,
          dayOfWeek: 0,
          time: "09:00",
          type: "Repair",
          location: "1 Main St",
          description: "Leaky tap",
          amount: "120.00",
        },
        {
          employeeId: second.id,
          dayOfWeek: 2,
          time: "13:30",
          type: "Inspection",
          location: "2 Side St",
          description: null,
          amount: null,
        },
        {
          employeeId: employee.id,
          dayOfWeek: 6,
          time: "07:15",
          type: "Emergency",
          location: "3 High St",
          description: null,
          amount: null,
        },
      ],
    })
    .returning();
  return { ...tenant, second, template };
}

const jobsOf = (companyId: string) =>
  db.select().from(jobs).where(eq(jobs.companyId, companyId)).orderBy(asc(jobs.date), asc(jobs.time));

describe("POST /api/templates/:id/apply", () => {
  it("answers 401, 403 to the employee role, 404 across companies, 400 without a week", async () => {
    const { company, template, employeeUser, owner } = await tenantWithTemplate();
    const other = await tenantWithTemplate();
    const body = { companyId: company.id, weekStart: NEXT_WEEK };
    expect((await anonymous().post(`/api/templates/${template.id}/apply`).send(body)).status).toBe(401);
    expect(
      (await (await agentFor(employeeUser)).post(`/api/templates/${template.id}/apply`).send(body)).status,
    ).toBe(403);
    const agent = await agentFor(owner);
    const foreign = await agent.post(`/api/templates/${other.template.id}/apply`).send(body);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Template not found");
    // Naming the other company in the body does not reach its template either.
    const wrongCompany = await agent
      .post(`/api/templates/${template.id}/apply`)
      .send({ ...body, companyId: other.company.id });
    expect(wrongCompany.status).toBe(404);
    const missing = await agent.post(`/api/templates/${template.id}/apply`).send({ companyId: company.id });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Date is required");
    expect(await jobsOf(company.id)).toEqual([]);
    expect(await jobsOf(other.company.id)).toEqual([]);
  });

  it("creates the jobs on the same weekdays and times, scheduled and pending, and the week's history row", async () => {
    const { company, admin, employee, second, template } = await tenantWithTemplate();
    const res = await (await agentFor(admin))
      .post(`/api/templates/${template.id}/apply`)
      .send({ companyId: company.id, weekStart: NEXT_WEEK });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 3, skipped: 0 });
    const created = await jobsOf(company.id);
    expect(
      created.map((j) => [j.employeeId, j.date, j.time, j.type, j.location, j.description, j.amount]),
    ).toEqual([
      [employee.id, "2026-11-30", "09:00", "Repair", "1 Main St", "Leaky tap", "120.00"],
      [second.id, "2026-12-02", "13:30", "Inspection", "2 Side St", null, null],
      [employee.id, "2026-12-06", "07:15", "Emergency", "3 High St", null, null],
    ]);
    expect(created.every((j) => j.status === "scheduled" && j.paymentStatus === "pending")).toBe(true);
    const weeks = await db.select().from(weeklySchedules).where(eq(weeklySchedules.companyId, company.id));
    expect(weeks.map((w) => [w.weekStartDate, w.weekEndDate, w.name])).toEqual([
      ["2026-11-30", "2026-12-06", "Week of Nov 30, 2026"],
    ]);
  });

  it("a second apply to the same week creates nothing unless forced", async () => {
    const { company, owner, template } = await tenantWithTemplate();
    const agent = await agentFor(owner);
    const url = `/api/templates/${template.id}/apply`;
    expect((await agent.post(url).send({ companyId: company.id, weekStart: NEXT_WEEK })).body.created).toBe(
      3,
    );
    const again = await agent.post(url).send({ companyId: company.id, weekStart: NEXT_WEEK });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("The Week of Nov 30, 2026 already has this template's jobs");
    // A mid-week date names the same week.
    expect((await agent.post(url).send({ companyId: company.id, weekStart: "2026-12-03" })).status).toBe(409);
    expect(await jobsOf(company.id)).toHaveLength(3);

    const forced = await agent.post(url).send({ companyId: company.id, weekStart: NEXT_WEEK, force: true });
    expect(forced.body).toEqual({ created: 3, skipped: 0 });
    expect(await jobsOf(company.id)).toHaveLength(6);
    // Another week is a first apply.
    const later = await agent.post(url).send({ companyId: company.id, weekStart: "2026-12-07" });
    expect(later.body).toEqual({ created: 3, skipped: 0 });
  });

  it("skips entries whose employee is inactive or deleted", async () => {
    const { company, owner, employee, second, template } = await tenantWithTemplate();
    await db.update(employees).set({ isActive: false }).where(eq(employees.id, employee.id));
    const res = await (await agentFor(owner))
      .post(`/api/templates/${template.id}/apply`)
      .send({ companyId: company.id, weekStart: NEXT_WEEK });
    expect(res.body).toEqual({ created: 1, skipped: 2 });
    expect((await jobsOf(company.id)).map((j) => j.employeeId)).toEqual([second.id]);

    await db.delete(employees).where(eq(employees.id, second.id));
    const none = await (await agentFor(owner))
      .post(`/api/templates/${template.id}/apply`)
      .send({ companyId: company.id, weekStart: "2026-12-07" });
    expect(none.body).toEqual({ created: 0, skipped: 3 });
    const weeks = await db
      .select()
      .from(weeklySchedules)
      .where(and(eq(weeklySchedules.companyId, company.id), eq(weeklySchedules.weekStartDate, "2026-12-07")));
    expect(weeks).toEqual([]);
  });

  it("answers 402 once the trial has ended unpaid", async () => {
    const tenant = await buildTenant({ trialEndsAt: new Date(Date.now() - 60_000) });
    const [template] = await db
      .insert(scheduleTemplates)
      .values({ companyId: tenant.company.id, name: "T" })
      .returning();
    const res = await (await agentFor(tenant.owner))
      .post(`/api/templates/${template.id}/apply`)
      .send({ companyId: tenant.company.id, weekStart: NEXT_WEEK });
    expect(res.status).toBe(402);
  });
});

describe("apply realtime", () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("tells the company's browsers that the template was applied and the week was created", async () => {
    const { company, owner, employeeUser, template } = await tenantWithTemplate();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(employeeUser) });
    // The new week is History's, which only the office reads (docs/realtime.md).
    const office = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const applied = nextEvent(socket, "template.applied");
    const week = nextEvent(office, "weeklySchedule.created");
    await (await agentFor(owner))
      .post(`/api/templates/${template.id}/apply`)
      .send({ companyId: company.id, weekStart: NEXT_WEEK });
    expect(await applied).toEqual({
      companyId: company.id,
      templateId: template.id,
      weekStart: NEXT_WEEK,
      created: 3,
      skipped: 0,
    });
    expect(await week).toMatchObject({ companyId: company.id, weekStartDate: NEXT_WEEK });
    socket.close();
    office.close();
  });
});
