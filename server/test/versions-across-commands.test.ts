/**
 * Versions beyond the plain PUT (docs/api.md): the employee
 * role's progress rule, changes no person made (the archive sweep), a call record delete
 * clearing its jobs' link, and the version every list carries.
 */
import { archivePastWeeks } from "@sched/core/commands/archive-past-weeks";
import { db } from "@sched/core/db/client";
import { callRecords, jobs, weeklySchedules } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const CALL_DAY = "2026-03-04";
const CALL = { customerName: "Caller", customerPhone: "555-010-0100", callDate: CALL_DAY, callTime: "10:00" };

describe("versions across commands", () => {
  it("still lets the employee role report progress only, with or without a version", async () => {
    const tenant = await buildTenant();
    const job = await buildJob(tenant.company.id, tenant.employee.id);
    const agent = await agentFor(tenant.employeeUser);
    const progress = await agent.put(`/api/jobs/${job.id}`).send({ status: "completed", version: 1 });
    expect(progress.status, progress.text).toBe(200);
    expect(progress.body).toMatchObject({ status: "completed", version: 2 });
    const plan = await agent.put(`/api/jobs/${job.id}`).send({ location: "Elsewhere", version: 2 });
    expect(plan.status).toBe(403);
    expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0].version).toBe(2);
  });

  it("refuses a body with nothing but a version", async () => {
    const tenant = await buildTenant();
    const job = await buildJob(tenant.company.id, tenant.employee.id);
    const res = await (await agentFor(tenant.owner)).put(`/api/jobs/${job.id}`).send({ version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Nothing to update");
  });

  it("names nobody when the last change was not a person's", async () => {
    const tenant = await buildTenant();
    const job = await buildJob(tenant.company.id, tenant.employee.id, { version: 4 });
    const res = await (await agentFor(tenant.owner))
      .put(`/api/jobs/${job.id}`)
      .send({ status: "completed", version: 3 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Someone else changed this job since you opened it.");
    expect(res.body.current).toMatchObject({ id: job.id, version: 4, status: "scheduled" });
  });

  it("counts a version on the jobs whose call record is deleted, as their link clears", async () => {
    const tenant = await buildTenant();
    const [call] = await db
      .insert(callRecords)
      .values({
        companyId: tenant.company.id,
        customerName: "Sam",
        customerPhone: "555-010-0100",
        callDate: CALL_DAY,
        callTime: "10:00",
      })
      .returning();
    const booked = await buildJob(tenant.company.id, tenant.employee.id, { callRecordId: call.id });
    const other = await buildJob(tenant.company.id, tenant.employee.id);
    const agent = await agentFor(tenant.admin);
    expect((await agent.delete(`/api/call-records/${call.id}`)).status).toBe(204);
    const [after] = await db.select().from(jobs).where(eq(jobs.id, booked.id));
    expect(after).toMatchObject({ callRecordId: null, version: 2, updatedBy: tenant.admin.id });
    expect((await db.select().from(jobs).where(eq(jobs.id, other.id)))[0].version).toBe(1);
    const stale = await (await agentFor(tenant.owner))
      .put(`/api/jobs/${booked.id}`)
      .send({ location: "2 Main St", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Adam admin changed this job since you opened it.");
  });

  it("carries versions in the lists: jobs, employees, call records, templates and history", async () => {
    const tenant = await buildTenant();
    const { company } = tenant;
    const agent = await agentFor(tenant.owner);
    const created = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: tenant.employee.id,
      type: "Repair",
      location: "1 Main St",
      date: "2026-11-24",
      time: "09:00",
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.version).toBe(1);
    expect((await agent.put(`/api/jobs/${created.body.id}`).send({ status: "in_progress" })).status).toBe(
      200,
    );
    const call = await agent.post("/api/call-records").send({ companyId: company.id, ...CALL });
    expect(call.status, call.text).toBe(201);
    expect(call.body.version).toBe(1);
    const template = await agent
      .post("/api/templates")
      .send({ companyId: company.id, name: "Usual week", weekStart: "2026-11-23" });
    expect(template.status, template.text).toBe(201);
    expect(template.body.version).toBe(1);

    const list = async (path: string, query = "") =>
      (await agent.get(`${path}?companyId=${company.id}${query}`)).body;
    expect((await list("/api/jobs"))[0]).toMatchObject({ id: created.body.id, version: 2 });
    expect((await list("/api/employees"))[0].version).toBe(1);
    expect((await list("/api/call-records", `&date=${CALL_DAY}`))[0].version).toBe(1);
    expect((await list("/api/templates"))[0].version).toBe(1);
    expect((await list("/api/weekly-schedules"))[0]).toMatchObject({
      weekStartDate: "2026-11-23",
      version: 1,
    });
  });
});

describe("the archive sweep", () => {
  it("counts a version on each week it archives, so a rename from before answers 409", async () => {
    const tenant = await buildTenant();
    // A week long past that nothing archived yet: the sweep's `today` reaches it and no other test's.
    const [week] = await db
      .insert(weeklySchedules)
      .values({
        companyId: tenant.company.id,
        weekStartDate: "1999-01-04",
        weekEndDate: "1999-01-10",
        name: "Week of Jan 4, 1999",
      })
      .returning();
    const archived = await archivePastWeeks("1999-01-11");
    expect(archived.filter((row) => row.id === week.id)).toEqual([
      expect.objectContaining({ isArchived: true, version: 2 }),
    ]);
    const [stored] = await db.select().from(weeklySchedules).where(eq(weeklySchedules.id, week.id));
    expect(stored).toMatchObject({ isArchived: true, version: 2, updatedBy: null });
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(week.updatedAt.getTime());

    const agent = await agentFor(tenant.owner);
    const stale = await agent.put(`/api/weekly-schedules/${week.id}`).send({ name: "Old times", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: "stale",
      message: "Someone else changed this schedule week since you opened it.",
      current: { ...archived.find((row) => row.id === week.id) },
    });
    const renamed = await agent
      .put(`/api/weekly-schedules/${week.id}`)
      .send({ name: "Old times", version: 2 });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Old times", isArchived: true, version: 3 });
    expect(await archivePastWeeks("1999-01-11")).not.toContainEqual(expect.objectContaining({ id: week.id }));
  });
});
