/**
 * Progress rules (docs/schedule.md; issue 33): a technician linked to a roster
 * employee progresses only that employee's jobs, an unlinked one keeps the role's rule, and
 * a reported completion or "on my way" time lies from the day before the job to now plus
 * five minutes, for every role.
 */
import { db } from "@sched/core/db/client";
import { companyUsers, jobs } from "@sched/core/db/schema";
import { addDays, toDateString } from "@sched/core/lib/dates";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { COMPLETED_AT_OUT_OF_RANGE, NOT_YOUR_JOB, ON_MY_WAY_AT_OUT_OF_RANGE } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const MINUTE = 60_000;
const today = () => toDateString(new Date());

async function link(companyId: string, userId: string, employeeId: string) {
  await db
    .update(companyUsers)
    .set({ employeeId })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
}

describe("a technician linked to a roster employee", () => {
  it("progresses their own jobs and gets 403 on a colleague's, which stays as it was", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const colleague = await buildEmployee(company.id, { name: "Col League", initials: "CL" });
    await link(company.id, employeeUser.id, employee.id);
    const mine = await buildJob(company.id, employee.id, { date: today() });
    const theirs = await buildJob(company.id, colleague.id, { date: today() });
    const agent = await agentFor(employeeUser);

    expect((await agent.put(`/api/jobs/${mine.id}`).send({ status: "in_progress" })).status).toBe(200);
    for (const change of [{ status: "completed" }, { onMyWay: true }]) {
      const res = await agent.put(`/api/jobs/${theirs.id}`).send(change);
      expect([res.status, res.body]).toEqual([403, { code: "forbidden", message: NOT_YOUR_JOB }]);
    }
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, theirs.id));
    expect(stored).toMatchObject({ status: theirs.status, onMyWayAt: null, version: theirs.version });
  });

  it("unlinked, still progresses any job of the company", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: today() });
    const res = await (await agentFor(employeeUser)).put(`/api/jobs/${job.id}`).send({ onMyWay: true });
    expect(res.status).toBe(200);
  });

  it("leaves the office roles free to progress every job", async () => {
    const { company, admin, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: today() });
    const res = await (await agentFor(admin)).put(`/api/jobs/${job.id}`).send({ status: "completed" });
    expect(res.status).toBe(200);
  });
});

describe("reported progress times", () => {
  it("are kept from the day before the job to five minutes ahead, and refused outside", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const day = today();
    const job = await buildJob(company.id, employee.id, { date: day });
    const technician = await agentFor(employeeUser);
    const office = await agentFor(owner);

    const dayBefore = `${addDays(day, -1)}T00:30:00.000Z`;
    const twoDaysBefore = `${addDays(day, -2)}T23:00:00.000Z`;
    const soon = new Date(Date.now() + 3 * MINUTE).toISOString();
    const later = new Date(Date.now() + 10 * MINUTE).toISOString();

    for (const onMyWayAt of [twoDaysBefore, later]) {
      const res = await technician.put(`/api/jobs/${job.id}`).send({ onMyWay: true, onMyWayAt });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: "onMyWayAt", message: ON_MY_WAY_AT_OUT_OF_RANGE }]);
    }
    for (const completedAt of [twoDaysBefore, later]) {
      for (const agent of [technician, office]) {
        const res = await agent.put(`/api/jobs/${job.id}`).send({ status: "completed", completedAt });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ path: "completedAt", message: COMPLETED_AT_OUT_OF_RANGE }]);
      }
    }
    const [untouched] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(untouched).toMatchObject({ onMyWayAt: null, completedAt: null, version: job.version });

    const onTheWay = await technician
      .put(`/api/jobs/${job.id}`)
      .send({ onMyWay: true, onMyWayAt: dayBefore });
    expect([onTheWay.status, onTheWay.body.onMyWayAt]).toEqual([200, dayBefore]);
    const done = await technician
      .put(`/api/jobs/${job.id}`)
      .send({ status: "completed", completedAt: soon, version: onTheWay.body.version });
    expect([done.status, done.body.completedAt]).toEqual([200, soon]);
  });
});
