import { db } from "@sched/core/db/client";
import { callRecords, jobs, scheduleTemplates } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const range = (companyId: string, startDate: string, endDate: string) =>
  `/api/jobs?companyId=${companyId}&startDate=${startDate}&endDate=${endDate}`;

describe("GET /api/jobs", () => {
  it("answers 401 signed out, 400 without a company or with bad dates, 403 to non-members", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().get(`/api/jobs?companyId=${company.id}`)).status).toBe(401);
    const agent = await agentFor(owner);
    const missing = await agent.get("/api/jobs");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Company id is required");
    const badDate = await agent.get(range(company.id, "2026-13-01", "2026-11-30"));
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe("Date must be yyyy-MM-dd");
    const backwards = await agent.get(range(company.id, "2026-11-30", "2026-11-23"));
    expect(backwards.body.message).toBe("Start date must not be after end date");
    const outsider = await (await agentFor(other.owner)).get(`/api/jobs?companyId=${company.id}`);
    expect(outsider.status).toBe(403);
  });

  it("lists the company's jobs in the window, inclusive at both ends, by date and time", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const other = await buildTenant();
    await buildJob(other.company.id, other.employee.id, { date: "2026-11-25" });
    const before = await buildJob(company.id, employee.id, { date: "2026-11-18" });
    const first = await buildJob(company.id, employee.id, { date: "2026-11-19", time: "08:00" });
    const lateOnLast = await buildJob(company.id, employee.id, { date: "2026-12-03", time: "17:00" });
    const earlyOnLast = await buildJob(company.id, employee.id, { date: "2026-12-03", time: "07:30" });
    const after = await buildJob(company.id, employee.id, { date: "2026-12-04" });
    const agent = await agentFor(employeeUser);
    const res = await agent.get(range(company.id, "2026-11-19", "2026-12-03"));
    expect(res.status).toBe(200);
    expect(res.body.map((j: JobDTO) => j.id)).toEqual([first.id, earlyOnLast.id, lateOnLast.id]);
    // Without dates: every job of the company (the history export).
    const all = await agent.get("/api/jobs").set("X-Company-Id", company.id);
    expect(all.body.map((j: JobDTO) => j.id)).toEqual([
      before.id,
      first.id,
      earlyOnLast.id,
      lateOnLast.id,
      after.id,
    ]);
  });

  it("answers 304 to a matching ETag until any job in the window changes, whoever changes it", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24" });
    const agent = await agentFor(owner);
    const url = range(company.id, "2026-11-23", "2026-11-29");
    const first = await agent.get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await agent.get(url).set("If-None-Match", etag)).status).toBe(304);
    // A change outside the window leaves the list as it was.
    await buildJob(company.id, employee.id, { date: "2026-12-24" });
    expect((await agent.get(url).set("If-None-Match", etag)).status).toBe(304);
    // A write that bypasses the API (another command, a cascade) still shows at once.
    await db.update(jobs).set({ location: "Moved by SQL" }).where(eq(jobs.id, job.id));
    const changed = await agent.get(url).set("If-None-Match", etag);
    expect(changed.status).toBe(200);
    expect(changed.body[0].location).toBe("Moved by SQL");
    expect(changed.headers.etag).not.toBe(etag);
    const second = await buildEmployee(company.id);
    await agent.put(`/api/jobs/${job.id}`).send({ employeeId: second.id });
    expect((await agent.get(url)).body[0].employeeId).toBe(second.id);
    await agent.delete(`/api/jobs/${job.id}`);
    expect((await agent.get(url)).body).toEqual([]);
  });

  it("changes the ETag when a template is applied, a call is deleted and an employee's jobs cascade", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const url = range(company.id, "2026-11-23", "2026-11-29");
    const [template] = await db
      .insert(scheduleTemplates)
      .values({
        companyId: company.id,
        name: "Standard week",
        templateData: [
          {
            employeeId: employee.id,
            dayOfWeek: 1,
            time: "09:00",
            type: "Repair",
            location: "1 Main St",
            description: null,
            amount: null,
          },
        ],
      })
      .returning();
    /** Asserts the list at `etag` is current, runs `change`, and returns the new list. */
    const afterChange = async (etag: string, change: () => Promise<number>, expected: number) => {
      expect((await agent.get(url).set("If-None-Match", etag)).status).toBe(304);
      expect(await change()).toBe(expected);
      const changed = await agent.get(url).set("If-None-Match", etag);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      return changed;
    };

    const empty = await agent.get(url);
    expect(empty.body).toEqual([]);
    const applied = await afterChange(
      empty.headers.etag,
      async () =>
        (await agent.post(`/api/templates/${template.id}/apply`).send({ weekStart: "2026-11-23" })).status,
      200,
    );
    expect(applied.body).toHaveLength(1);

    const [call] = await db
      .insert(callRecords)
      .values({
        companyId: company.id,
        customerName: "Sam Caller",
        customerPhone: "555-0100",
        callDate: "2026-11-23",
        callTime: "10:00",
      })
      .returning();
    await db.update(jobs).set({ callRecordId: call.id }).where(eq(jobs.companyId, company.id));
    const linked = await agent.get(url);
    const unlinked = await afterChange(
      linked.headers.etag,
      async () => (await agent.delete(`/api/call-records/${call.id}`)).status,
      204,
    );
    expect(unlinked.body[0].callRecordId).toBeNull();

    const cascaded = await afterChange(
      unlinked.headers.etag,
      async () => (await agent.delete(`/api/employees/${employee.id}?confirm=true`)).status,
      204,
    );
    expect(cascaded.body).toEqual([]);
  });

  it("keeps one employee's jobs with employeeId, for any member, with an ETag of its own", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const colleague = await buildEmployee(company.id, { name: "Rita Ruiz", initials: "RR" });
    const mine = await buildJob(company.id, employee.id, { date: "2026-11-24", time: "08:00" });
    const theirs = await buildJob(company.id, colleague.id, { date: "2026-11-24", time: "07:00" });
    const agent = await agentFor(employeeUser);
    const url = `${range(company.id, "2026-11-23", "2026-11-29")}&employeeId=${employee.id}`;
    const first = await agent.get(url);
    expect(first.status).toBe(200);
    expect(first.body.map((j: JobDTO) => j.id)).toEqual([mine.id]);
    const whole = await agent.get(range(company.id, "2026-11-23", "2026-11-29"));
    expect(whole.body.map((j: JobDTO) => j.id)).toEqual([theirs.id, mine.id]);
    expect(whole.headers.etag).not.toBe(first.headers.etag);

    // A colleague's job changing leaves this list as it was; one moved onto it shows at once.
    const etag = first.headers.etag as string;
    const office = await agentFor(owner);
    expect((await office.put(`/api/jobs/${theirs.id}`).send({ location: "Their change" })).status).toBe(200);
    expect((await agent.get(url).set("If-None-Match", etag)).status).toBe(304);
    expect((await office.put(`/api/jobs/${theirs.id}`).send({ employeeId: employee.id })).status).toBe(200);
    const moved = await agent.get(url).set("If-None-Match", etag);
    expect(moved.status).toBe(200);
    expect(moved.body.map((j: JobDTO) => j.id)).toEqual([theirs.id, mine.id]);

    const malformed = await agent.get(`${range(company.id, "2026-11-23", "2026-11-29")}&employeeId=Pat`);
    expect([malformed.status, malformed.body.message]).toEqual([400, "employeeId must be an employee id"]);
  });

  it("compresses the list for clients that accept gzip", async () => {
    const { company, owner, employee } = await buildTenant();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => buildJob(company.id, employee.id, { location: `${i} Long Road` })),
    );
    const res = await (await agentFor(owner))
      .get(range(company.id, "2026-11-23", "2026-11-29"))
      .set("Accept-Encoding", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body).toHaveLength(30);
  });

  it("compresses the week like the other lists, brotli first", async () => {
    const { company, owner, employee } = await buildTenant();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => buildJob(company.id, employee.id, { location: `${i} Long Road` })),
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => buildEmployee(company.id, { name: `Tech ${i}` })));
    const agent = await agentFor(owner);
    const week = await agent
      .get(range(company.id, "2026-11-23", "2026-11-29"))
      .set("Accept-Encoding", "br, gzip");
    expect([week.headers["content-encoding"], week.body.length]).toEqual(["br", 30]);
    const roster = await agent
      .get(`/api/employees?companyId=${company.id}`)
      .set("Accept-Encoding", "br, gzip");
    expect(roster.headers["content-encoding"]).toBe("br");
    expect(roster.body.length).toBeGreaterThan(20);
    // A client that accepts no encoding gets the same list as it is.
    const plain = await agent
      .get(`/api/employees?companyId=${company.id}`)
      .set("Accept-Encoding", "identity");
    expect([plain.headers["content-encoding"], plain.body.length]).toEqual([undefined, roster.body.length]);
  });
});
