/**
 * A job's priority (shared-types/src/job-fields.ts): low, normal, high or urgent, normal
 * when left out; kept by a recurring series and by a saved template like the other
 * fields they carry.
 */
import { extendOpenSeries } from "@sched/core/commands/job-series";
import { db } from "@sched/core/db/client";
import { jobSeries, jobs, scheduleTemplates } from "@sched/core/db/schema";
import { addDays, toDateString } from "@sched/core/lib/dates";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { PRIORITY_NOT_VALID } from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const jobFor = (employeeId: string, companyId: string) => ({
  employeeId,
  companyId,
  type: "Repair",
  location: "12 Oak St",
  date: "2026-11-25",
  time: "10:30",
});

const occurrencesOf = (seriesId: string) =>
  db.select().from(jobs).where(eq(jobs.seriesId, seriesId)).orderBy(asc(jobs.occurrenceDate));

describe("a job's priority", () => {
  it("is normal when left out, kept as sent, changed by an edit and listed", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const plain = await agent.post("/api/jobs").send(jobFor(employee.id, company.id));
    expect([plain.status, plain.body.priority]).toEqual([201, "normal"]);
    const urgent = await agent
      .post("/api/jobs")
      .send({ ...jobFor(employee.id, company.id), priority: "urgent" });
    expect([urgent.status, urgent.body.priority]).toEqual([201, "urgent"]);

    const edited = await agent.put(`/api/jobs/${plain.body.id}`).send({ priority: "low" });
    expect([edited.status, edited.body.priority]).toEqual([200, "low"]);
    // An edit that does not name the priority leaves it as it is.
    const moved = await agent.put(`/api/jobs/${plain.body.id}`).send({ location: "14 Oak St" });
    expect(moved.body.priority).toBe("low");

    const list = await agent.get(`/api/jobs?companyId=${company.id}&startDate=2026-11-23&endDate=2026-11-29`);
    expect(list.body.map((job: { id: string; priority: string }) => [job.id, job.priority]).sort()).toEqual(
      [
        [plain.body.id, "low"],
        [urgent.body.id, "urgent"],
      ].sort(),
    );
  });

  it("refuses a value outside the list with 400 and its message, on create and on edit", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const made = await agent.post("/api/jobs").send({ ...jobFor(employee.id, company.id), priority: "top" });
    expect([made.status, made.body.message]).toEqual([400, PRIORITY_NOT_VALID]);
    const job = await buildJob(company.id, employee.id);
    for (const priority of ["", "URGENT", null, 3]) {
      const res = await agent.put(`/api/jobs/${job.id}`).send({ priority });
      expect([res.status, res.body.message]).toEqual([400, PRIORITY_NOT_VALID]);
    }
    expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0].priority).toBe("normal");
  });

  it("answers 404 for another company's job and leaves its priority alone", async () => {
    const { owner } = await buildTenant();
    const other = await buildTenant();
    const foreignJob = await buildJob(other.company.id, other.employee.id);
    const res = await (await agentFor(owner)).put(`/api/jobs/${foreignJob.id}`).send({ priority: "urgent" });
    expect([res.status, res.body.message]).toEqual([404, "Job not found"]);
    expect((await db.select().from(jobs).where(eq(jobs.id, foreignJob.id)))[0].priority).toBe("normal");
  });

  it("employees cannot change it: it is part of the plan", async () => {
    const { employeeUser, employee, company } = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const res = await (await agentFor(employeeUser)).put(`/api/jobs/${job.id}`).send({ priority: "high" });
    expect(res.status).toBe(403);
  });
});

describe("a recurring job's priority", () => {
  it("goes to every occurrence, to those the sweep makes later, and changes with an edit of all", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const today = toDateString(new Date());
    const made = await agent.post("/api/job-series").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Maintenance",
      location: "4 Elm St",
      time: "09:00",
      startDate: today,
      rrule: "FREQ=WEEKLY",
      priority: "high",
    });
    expect(made.status).toBe(201);
    const rows = await occurrencesOf(made.body.id);
    expect(new Set(rows.map((row) => row.priority))).toEqual(new Set(["high"]));

    const res = await agent.put(`/api/jobs/${rows[1].id}?scope=all`).send({ priority: "urgent", version: 1 });
    expect([res.status, res.body.priority, res.body.isDetached]).toEqual([200, "urgent", false]);
    const after = await occurrencesOf(made.body.id);
    expect(new Set(after.map((row) => row.priority))).toEqual(new Set(["urgent"]));
    const [series] = await db.select().from(jobSeries).where(eq(jobSeries.id, made.body.id));
    expect(series.priority).toBe("urgent");

    // A series edit that names no priority leaves it; the sweep's new occurrences carry it.
    const renamed = await agent
      .put(`/api/job-series/${made.body.id}`)
      .send({ location: "6 Elm St", from: today, version: series.version });
    expect(renamed.status).toBe(200);
    await db
      .delete(jobs)
      .where(and(eq(jobs.seriesId, made.body.id), eq(jobs.id, after[after.length - 1].id)));
    await db
      .update(jobSeries)
      .set({ generatedUntil: addDays(today, 7) })
      .where(eq(jobSeries.id, made.body.id));
    expect(await extendOpenSeries()).toBeGreaterThan(0);
    const swept = await occurrencesOf(made.body.id);
    expect(new Set(swept.map((row) => row.priority))).toEqual(new Set(["urgent"]));
  });

  it("an occurrence's own priority detaches it from the series", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const made = await agent.post("/api/job-series").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Maintenance",
      location: "4 Elm St",
      time: "09:00",
      startDate: toDateString(new Date()),
      rrule: "FREQ=WEEKLY",
    });
    const rows = await occurrencesOf(made.body.id);
    expect(rows[0].priority).toBe("normal");
    const res = await agent.put(`/api/jobs/${rows[2].id}`).send({ priority: "high", version: 1 });
    expect([res.body.priority, res.body.isDetached]).toEqual(["high", true]);
  });
});

describe("a template's priority", () => {
  it("is saved with each job and given to the jobs the template makes", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    await buildJob(company.id, employee.id, { date: "2026-11-23", priority: "urgent" });
    await buildJob(company.id, employee.id, { date: "2026-11-24", time: "11:00" });
    const saved = await agent
      .post("/api/templates")
      .send({ companyId: company.id, name: "Priorities", weekStart: "2026-11-23" });
    expect(saved.status).toBe(201);
    const applied = await agent
      .post(`/api/templates/${saved.body.id}/apply`)
      .send({ companyId: company.id, weekStart: "2026-11-30" });
    expect(applied.body).toEqual({ created: 2, skipped: 0 });
    const week = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, company.id), eq(jobs.date, "2026-11-30")));
    const next = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, company.id), eq(jobs.date, "2026-12-01")));
    expect([week[0].priority, next[0].priority]).toEqual(["urgent", "normal"]);
  });

  it("a template saved before priorities makes normal jobs", async () => {
    const { company, owner, employee } = await buildTenant();
    const [template] = await db
      .insert(scheduleTemplates)
      .values({
        companyId: company.id,
        name: "Old",
        templateData: [
          {
            employeeId: employee.id,
            dayOfWeek: 0,
            time: "09:00",
            type: "Repair",
            location: "1 Main St",
            description: null,
            amount: null,
          },
        ],
      })
      .returning();
    const applied = await (await agentFor(owner))
      .post(`/api/templates/${template.id}/apply`)
      .send({ companyId: company.id, weekStart: "2026-11-30" });
    expect(applied.body).toEqual({ created: 1, skipped: 0 });
    const [job] = await db.select().from(jobs).where(eq(jobs.companyId, company.id));
    expect(job.priority).toBe("normal");
  });
});
