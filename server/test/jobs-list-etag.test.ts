/**
 * The week list's ETag is made from the data (core/src/queries/list-jobs.ts,
 * jobListFingerprint), not from the body: every input of the answer must change it, each
 * new ETag must answer 304 again, and what the answer does not read must leave it alone.
 * Most changes here are written straight to the tables: whoever writes, the list follows.
 */
import { db } from "@sched/core/db/client";
import { customers, employees, jobs, timeOff } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

// 2026-11-23 is a Monday, 2026-11-29 a Sunday.
const weekUrl = (companyId: string) =>
  `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`;

async function weekOfOneCustomer() {
  const tenant = await buildTenant();
  const [customer] = await db
    .insert(customers)
    .values({ companyId: tenant.company.id, name: "Ana Ruiz" })
    .returning();
  const job = await buildJob(tenant.company.id, tenant.employee.id, { date: "2026-11-24", time: "09:00" });
  await db.update(jobs).set({ customerId: customer.id }).where(eq(jobs.id, job.id));
  const other = await buildJob(tenant.company.id, tenant.employee.id, { date: "2026-11-25", time: "09:00" });
  const agent = await agentFor(tenant.owner);
  const url = weekUrl(tenant.company.id);
  let etag = (await agent.get(url)).headers.etag as string;

  /** The list as it is now is answered 304; after `change`, 200 with a new ETag, which is then 304. */
  const changes = async (change: () => Promise<unknown>): Promise<JobDTO[]> => {
    expect((await agent.get(url).set("If-None-Match", etag)).status).toBe(304);
    await change();
    const after = await agent.get(url).set("If-None-Match", etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    etag = after.headers.etag as string;
    expect((await agent.get(url).set("If-None-Match", etag)).status).toBe(304);
    return after.body;
  };
  /** After `change` the list is still answered 304 under the same ETag. */
  const keeps = async (change: () => Promise<unknown>) => {
    await change();
    const after = await agent.get(url).set("If-None-Match", etag);
    expect(after.status).toBe(304);
    expect(after.headers.etag).toBe(etag);
  };
  /** Takes the list's ETag as it is now. */
  const settle = async () => {
    etag = (await agent.get(url)).headers.etag as string;
  };
  return { ...tenant, agent, customer, job, other, changes, keeps, settle };
}

describe("the week list's ETag", () => {
  it("is the same for the same data, and a weak validator Express does not replace", async () => {
    const { agent, company } = await weekOfOneCustomer();
    const first = await agent.get(weekUrl(company.id));
    const second = await agent.get(weekUrl(company.id));
    expect(first.headers.etag).toMatch(/^W\/"jobs-[\w-]{12}-[\w-]{16}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toEqual(first.body);
  });

  it("changes with a job edited, through the API or behind its back, and with a job deleted", async () => {
    const week = await weekOfOneCustomer();
    const edited = await week.changes(() =>
      week.agent.put(`/api/jobs/${week.job.id}`).send({ time: "10:00" }),
    );
    expect(edited[0].time).toBe("10:00");
    // No updated_at, no version: only the row's new version tells.
    const bySql = await week.changes(() =>
      db.update(jobs).set({ location: "Moved by SQL" }).where(eq(jobs.id, week.other.id)),
    );
    expect(bySql[1].location).toBe("Moved by SQL");
    const deleted = await week.changes(() => week.agent.delete(`/api/jobs/${week.other.id}`));
    expect(deleted.map((job) => job.id)).toEqual([week.job.id]);
  });

  it("changes with the customer renamed, and deleted (its jobs unlinked by the cascade)", async () => {
    const week = await weekOfOneCustomer();
    const renamed = await week.changes(() =>
      db.update(customers).set({ name: "Ana Ruiz-Diaz" }).where(eq(customers.id, week.customer.id)),
    );
    expect(renamed[0].customerName).toBe("Ana Ruiz-Diaz");
    const unlinked = await week.changes(() => db.delete(customers).where(eq(customers.id, week.customer.id)));
    expect([unlinked[0].customerId, unlinked[0].customerName]).toEqual([null, null]);
  });

  it("changes with what the warnings read: settings, an employee, a weekly pattern, time off", async () => {
    const week = await weekOfOneCustomer();
    const settings = `/api/companies/${week.company.id}/settings`;
    const late = await week.changes(() => week.agent.put(settings).send({ workdayStart: "10:00" }));
    expect(late[0].warnings.map((warning) => warning.code)).toEqual(["outside_hours"]);
    const inactive = await week.changes(() =>
      db.update(employees).set({ isActive: false }).where(eq(employees.id, week.employee.id)),
    );
    expect(inactive[0].warnings[0].message).toBe("Pat Plumber is inactive");
    const renamed = await week.changes(() =>
      db.update(employees).set({ name: "Pat Piper" }).where(eq(employees.id, week.employee.id)),
    );
    expect(renamed[0].warnings[0].message).toBe("Pat Piper is inactive");
    await week.changes(() =>
      db
        .update(employees)
        .set({ isActive: true, availability: [{ day: 2, start: "08:00", end: "12:00" }] })
        .where(eq(employees.id, week.employee.id)),
    );
    const away = await week.changes(() =>
      db.insert(timeOff).values({
        companyId: week.company.id,
        employeeId: week.employee.id,
        startDate: "2026-11-24",
        endDate: "2026-11-24",
        kind: "vacation",
        status: "approved",
      }),
    );
    expect(away[0].warnings.map((warning) => warning.code)).toContain("time_off");
    // Deleting the employee takes their jobs with it.
    const gone = await week.changes(() => db.delete(employees).where(eq(employees.id, week.employee.id)));
    expect(gone).toEqual([]);
  });

  it("changes with the drive settings and a job's place, which the travel warning reads", async () => {
    const week = await weekOfOneCustomer();
    // Two jobs of one day, 15 minutes apart, one with a place: no drive to reckon yet.
    await db
      .update(jobs)
      .set({ placeLat: 41.8781, placeLng: -87.6298, placePrecision: "street" })
      .where(eq(jobs.id, week.job.id));
    await week.settle();
    const next = await buildJob(week.company.id, week.employee.id, { date: "2026-11-24", time: "10:15" });
    await week.settle();
    const placed = await week.changes(() =>
      db
        .update(jobs)
        .set({ placeLat: 41.7943, placeLng: -87.5907, placePrecision: "manual" })
        .where(eq(jobs.id, next.id)),
    );
    const travelOf = (list: JobDTO[]) =>
      list.find((job) => job.id === next.id)?.warnings.filter((warning) => warning.code === "travel") ?? [];
    expect(travelOf(placed).map((warning) => warning.message)).toEqual([
      "27 min drive from 1 Main St, 15 min between the jobs",
    ]);
    const settings = `/api/companies/${week.company.id}/settings`;
    const faster = await week.changes(() =>
      week.agent.put(settings).send({ drive: { roadFactor: 1, averageSpeedKmh: 100, parkMinutes: 0 } }),
    );
    expect(travelOf(faster)).toEqual([]);
  });

  it("changes with the skills a job needs and those its employee holds (the skills warning's input)", async () => {
    const week = await weekOfOneCustomer();
    const warningsOf = (list: JobDTO[]) => list.find((job) => job.id === week.job.id)?.warnings;
    // A job can need only skills the company lists (docs/schedule.md, "Skills").
    await week.changes(() =>
      week.agent.put(`/api/companies/${week.company.id}/settings`).send({ skills: ["gas"] }),
    );
    const needs = await week.changes(() =>
      db
        .update(jobs)
        .set({ requiredSkills: ["gas"] })
        .where(eq(jobs.id, week.job.id)),
    );
    expect(warningsOf(needs)?.map((warning) => warning.message)).toEqual([
      "Needs gas; Pat Plumber does not have it",
    ]);
    const holds = await week.changes(() =>
      db
        .update(employees)
        .set({ skills: ["gas"] })
        .where(eq(employees.id, week.employee.id)),
    );
    expect(warningsOf(holds)).toEqual([]);
    const dropped = await week.changes(() =>
      db.update(employees).set({ skills: [] }).where(eq(employees.id, week.employee.id)),
    );
    expect(warningsOf(dropped)?.map((warning) => warning.code)).toEqual(["skills"]);
  });

  it("stays when only what the list does not read changes", async () => {
    const week = await weekOfOneCustomer();
    // A job outside the window, an active colleague renamed, a setting the warnings do not read.
    await week.keeps(() => buildJob(week.company.id, week.employee.id, { date: "2026-12-24" }));
    const colleague = await buildEmployee(week.company.id, { name: "Rita Ruiz", initials: "RR" });
    await week.keeps(() =>
      db.update(employees).set({ name: "Rita Roe" }).where(eq(employees.id, colleague.id)),
    );
    // The first save of the settings writes their row, which a company without one lacks.
    const settings = `/api/companies/${week.company.id}/settings`;
    await week.agent.put(settings).send({ jobTypeDurations: { Repair: 60 } });
    await week.settle();
    await week.keeps(() => week.agent.put(settings).send({ jobTypeDurations: { Repair: 90 } }));
    // Time off outside the window is not read either.
    await week.keeps(() =>
      db.insert(timeOff).values({
        companyId: week.company.id,
        employeeId: week.employee.id,
        startDate: "2026-12-24",
        endDate: "2026-12-24",
        kind: "vacation",
        status: "approved",
      }),
    );
  });
});
