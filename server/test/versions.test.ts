/**
 * Versions and stale writes (docs/api.md): every change of a job, employee, call record or
 * history week counts one version and records who made it; a PUT from another version than
 * the row's (body `version` or If-Match) answers 409 stale with the row as it is now, and a
 * PUT without one goes through as before.
 */
import { db } from "@sched/core/db/client";
import { callRecords, employees, jobs, weeklySchedules } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

type Tenant = Awaited<ReturnType<typeof buildTenant>>;
type Stored = { version: number; updatedBy: string | null; updatedAt: Date };

type Resource = {
  noun: string;
  path: string;
  build: (tenant: Tenant) => Promise<{ id: string }>;
  /** A body that changes the row, different for each n. */
  change: (n: number) => Record<string, unknown>;
  stored: (id: string) => Promise<Stored>;
};

const CALL_DAY = "2026-03-04";

const resources: Resource[] = [
  {
    noun: "job",
    path: "/api/jobs",
    build: (t) => buildJob(t.company.id, t.employee.id),
    change: (n) => ({ location: `${n} Oak St` }),
    stored: async (id) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0],
  },
  {
    noun: "employee",
    path: "/api/employees",
    build: (t) => buildEmployee(t.company.id),
    change: (n) => ({ name: `Pat Number ${n}` }),
    stored: async (id) => (await db.select().from(employees).where(eq(employees.id, id)))[0],
  },
  {
    noun: "call record",
    path: "/api/call-records",
    build: async (t) =>
      (
        await db
          .insert(callRecords)
          .values({
            companyId: t.company.id,
            customerName: "Sam",
            customerPhone: "555-010-0100",
            callDate: CALL_DAY,
            callTime: "10:00",
          })
          .returning()
      )[0],
    change: (n) => ({
      customerName: `Caller ${n}`,
      customerPhone: "555-010-0100",
      callDate: CALL_DAY,
      callTime: "10:00",
    }),
    stored: async (id) => (await db.select().from(callRecords).where(eq(callRecords.id, id)))[0],
  },
  {
    noun: "schedule week",
    path: "/api/weekly-schedules",
    build: async (t) =>
      (
        await db
          .insert(weeklySchedules)
          .values({
            companyId: t.company.id,
            weekStartDate: "2026-11-30",
            weekEndDate: "2026-12-06",
            name: "Week of Nov 30",
          })
          .returning()
      )[0],
    change: (n) => ({ name: `Busy week ${n}` }),
    stored: async (id) => (await db.select().from(weeklySchedules).where(eq(weeklySchedules.id, id)))[0],
  },
];

describe.each(resources)("PUT $path/:id versions", (resource) => {
  const url = (id: string) => `${resource.path}/${id}`;

  it("counts exactly one version per change and records who made it; a PUT without a version goes through", async () => {
    const tenant = await buildTenant();
    const row = await resource.build(tenant);
    const created = await resource.stored(row.id);
    expect(created.version).toBe(1);

    const first = await (await agentFor(tenant.owner)).put(url(row.id)).send(resource.change(1));
    expect(first.status, first.text).toBe(200);
    expect(first.body.version).toBe(2);
    expect(await resource.stored(row.id)).toMatchObject({ version: 2, updatedBy: tenant.owner.id });

    const second = await (await agentFor(tenant.admin)).put(url(row.id)).send(resource.change(2));
    expect(second.status, second.text).toBe(200);
    expect(second.body.version).toBe(3);
    const stored = await resource.stored(row.id);
    expect(stored).toMatchObject({ version: 3, updatedBy: tenant.admin.id });
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
  });

  it("answers 409 stale with who changed it and the row as it is now, and changes nothing", async () => {
    const tenant = await buildTenant();
    const row = await resource.build(tenant);
    const saved = await (await agentFor(tenant.owner))
      .put(url(row.id))
      .send({ ...resource.change(1), version: 1 });
    expect(saved.status, saved.text).toBe(200);

    const stale = await (await agentFor(tenant.admin))
      .put(url(row.id))
      .send({ ...resource.change(2), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: "stale",
      message: `Olive Owner changed this ${resource.noun} since you opened it.`,
      current: saved.body,
    });
    expect(stale.body.current.version).toBe(2);
    expect(await resource.stored(row.id)).toMatchObject({ version: 2, updatedBy: tenant.owner.id });

    const fresh = await (await agentFor(tenant.admin))
      .put(url(row.id))
      .send({ ...resource.change(2), version: 2 });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.version).toBe(3);
  });

  it('takes the version from If-Match as "3", 3 or W/"3"; a malformed one answers 400', async () => {
    const tenant = await buildTenant();
    const row = await resource.build(tenant);
    const agent = await agentFor(tenant.owner);
    const forms = ['"1"', "2", 'W/"3"'];
    for (const [index, ifMatch] of forms.entries()) {
      const res = await agent.put(url(row.id)).set("If-Match", ifMatch).send(resource.change(index));
      expect(res.status, res.text).toBe(200);
      expect(res.body.version).toBe(index + 2);
    }
    const stale = await agent.put(url(row.id)).set("If-Match", '"3"').send(resource.change(9));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale", current: { version: 4 } });

    for (const malformed of ["abc", '"0"', "-1", "1.5", "W/4", '"4', "99999999999"]) {
      const res = await agent.put(url(row.id)).set("If-Match", malformed).send(resource.change(10));
      expect(res.status, malformed).toBe(400);
      expect(res.body).toEqual({
        code: "validation",
        message: 'If-Match must be a version number, e.g. "3"',
      });
    }
    const disagree = await agent
      .put(url(row.id))
      .set("If-Match", '"4"')
      .send({ ...resource.change(11), version: 3 });
    expect(disagree.status).toBe(400);
    expect(disagree.body.message).toBe("If-Match and version name different versions");
    const anyVersion = await agent.put(url(row.id)).set("If-Match", "*").send(resource.change(12));
    expect(anyVersion.status, anyVersion.text).toBe(200);
    expect((await resource.stored(row.id)).version).toBe(5);
  });

  it("refuses a version that is not a whole number with 400", async () => {
    const tenant = await buildTenant();
    const row = await resource.build(tenant);
    const agent = await agentFor(tenant.owner);
    for (const version of ["1", 0, 1.5, -2, null]) {
      const res = await agent.put(url(row.id)).send({ ...resource.change(1), version });
      expect(res.status, String(version)).toBe(400);
      expect(res.body.message).toBe("Version must be a whole number");
    }
    expect((await resource.stored(row.id)).version).toBe(1);
  });
});
