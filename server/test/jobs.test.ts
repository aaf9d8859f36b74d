import {
  CALL_RECORD_NOT_IN_COMPANY,
  EMPLOYEE_INACTIVE,
  EMPLOYEE_NOT_IN_COMPANY,
  PROGRESS_ONLY,
} from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { callRecords, companyUsers, jobs, notifications, weeklySchedules } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const jobFor = (employeeId: string, companyId: string) => ({
  employeeId,
  companyId,
  type: "Plumbing",
  location: "12 Oak St",
  date: "2026-11-25",
  time: "10:30",
});

async function buildCallRecord(companyId: string) {
  const [record] = await db
    .insert(callRecords)
    .values({
      companyId,
      customerName: "Cal",
      customerPhone: "555",
      callDate: "2026-11-20",
      callTime: "09:00",
    })
    .returning();
  return record;
}

describe("POST /api/jobs", () => {
  it("answers 401 signed out", async () => {
    const { company, employee } = await buildTenant();
    expect((await anonymous().post("/api/jobs").send(jobFor(employee.id, company.id))).status).toBe(401);
  });

  it("creates for owners and admins with SPEC's defaults, opens the history week and rings the bell", async () => {
    const { company, owner, admin, employee, employeeUser } = await buildTenant();
    // The employee login is the roster employee: their bell hears of each new job.
    await db
      .update(companyUsers)
      .set({ employeeId: employee.id })
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, employeeUser.id)));
    for (const user of [owner, admin]) {
      const res = await (await agentFor(user)).post("/api/jobs").send(jobFor(employee.id, company.id));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        ...jobFor(employee.id, company.id),
        status: "scheduled",
        paymentStatus: "pending",
        completedAt: null,
        amount: null,
        description: null,
        beforePhotoUrl: null,
        afterPhotoUrl: null,
      });
    }
    const weeks = await db.select().from(weeklySchedules).where(eq(weeklySchedules.companyId, company.id));
    expect(weeks.map((w) => [w.weekStartDate, w.weekEndDate, w.name])).toEqual([
      ["2026-11-23", "2026-11-29", "Week of Nov 23, 2026"],
    ]);
    const bell = await db.select().from(notifications).where(eq(notifications.companyId, company.id));
    expect(bell.map((a) => [a.recipientUserId, a.message]).sort()).toEqual([
      [employeeUser.id, "Adam admin assigned you a 10:30 AM Plumbing at 12 Oak St on Wed 25 Nov"],
      [employeeUser.id, "Olive Owner assigned you a 10:30 AM Plumbing at 12 Oak St on Wed 25 Nov"],
    ]);
  });

  it("keeps amounts as two-decimal text, contact details, and a call record of the same company", async () => {
    const { company, owner, employee } = await buildTenant();
    const call = await buildCallRecord(company.id);
    const res = await (await agentFor(owner)).post("/api/jobs").send({
      ...jobFor(employee.id, company.id),
      amount: "95",
      description: "Leaking tap",
      customerEmail: "c@example.test",
      customerPhone: "+1 555 0100",
      callRecordId: call.id,
      status: "completed",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount: "95.00",
      description: "Leaking tap",
      customerEmail: "c@example.test",
      customerPhone: "+1 555 0100",
      callRecordId: call.id,
    });
    expect(Date.now() - Date.parse(res.body.completedAt)).toBeLessThan(60_000);
  });

  it.each([
    [{ employeeId: undefined }, "Employee is required"],
    [{ type: "" }, "Job type is required"],
    [{ type: "Gardening" }, "Job type is not valid"],
    [{ location: "  " }, "Location is required"],
    [{ date: undefined }, "Date is required"],
    [{ date: "25/11/2026" }, "Date must be yyyy-MM-dd"],
    [{ time: undefined }, "Time is required"],
    [{ time: "9:00" }, "Time must be HH:mm"],
    [{ amount: "-5" }, "Amount must be 0 or more with at most 2 decimals"],
    [{ amount: "1.999" }, "Amount must be 0 or more with at most 2 decimals"],
    [{ status: "done" }, "Job status is not valid"],
    [{ paymentStatus: "free" }, "Payment status is not valid"],
    [{ customerEmail: "nope" }, "Invalid email address"],
  ])("refuses %o with its message", async (change, message) => {
    const { company, owner, employee } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/jobs")
      .send({ ...jobFor(employee.id, company.id), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses another company's employee or call record, and an inactive employee", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const agent = await agentFor(owner);
    const foreign = await agent.post("/api/jobs").send(jobFor(other.employee.id, company.id));
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(EMPLOYEE_NOT_IN_COMPANY);
    const inactive = await buildEmployee(company.id, { isActive: false });
    const refused = await agent.post("/api/jobs").send(jobFor(inactive.id, company.id));
    expect(refused.body.message).toBe(EMPLOYEE_INACTIVE);
    const mine = await buildEmployee(company.id);
    const foreignCall = await buildCallRecord(other.company.id);
    const badCall = await agent
      .post("/api/jobs")
      .send({ ...jobFor(mine.id, company.id), callRecordId: foreignCall.id });
    expect(badCall.status).toBe(400);
    expect(badCall.body.message).toBe(CALL_RECORD_NOT_IN_COMPANY);
  });

  it("answers 403 to the employee role and to non-members, 402 after an unpaid trial", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const other = await buildTenant();
    const asEmployee = await (await agentFor(employeeUser))
      .post("/api/jobs")
      .send(jobFor(employee.id, company.id));
    expect(asEmployee.status).toBe(403);
    const outsider = await (await agentFor(other.owner))
      .post("/api/jobs")
      .send(jobFor(employee.id, company.id));
    expect(outsider.status).toBe(403);
    const expired = await buildTenant({ trialEndsAt: new Date(Date.now() - 1000) });
    const late = await (await agentFor(expired.owner))
      .post("/api/jobs")
      .send(jobFor(expired.employee.id, expired.company.id));
    expect(late.status).toBe(402);
  });
});

describe("PUT /api/jobs/:id", () => {
  it("answers 401 signed out and 404 for another company's job with the unknown-id message", async () => {
    const { company, owner, employee } = await buildTenant();
    const other = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const foreignJob = await buildJob(other.company.id, other.employee.id);
    expect((await anonymous().put(`/api/jobs/${job.id}`).send({ status: "completed" })).status).toBe(401);
    const agent = await agentFor(owner);
    const foreign = await agent.put(`/api/jobs/${foreignJob.id}`).send({ status: "completed" });
    const unknown = await agent
      .put("/api/jobs/00000000-0000-4000-8000-000000000000")
      .send({ status: "completed" });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.body.message).toBe("Job not found");
    expect(unknown.body.message).toBe("Job not found");
    const empty = await agent.put(`/api/jobs/${job.id}`).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Nothing to update");
  });

  it("moves a job to another employee and week, opening that week in the history", async () => {
    const { company, admin, employee } = await buildTenant();
    const second = await buildEmployee(company.id, { name: "Sam Second" });
    const job = await buildJob(company.id, employee.id, { date: "2026-11-23" });
    const res = await (await agentFor(admin))
      .put(`/api/jobs/${job.id}`)
      .send({ employeeId: second.id, date: "2026-12-01", location: "9 Elm Ct" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      employeeId: second.id,
      date: "2026-12-01",
      location: "9 Elm Ct",
      type: "Repair",
    });
    const weeks = await db
      .select()
      .from(weeklySchedules)
      .where(and(eq(weeklySchedules.companyId, company.id), eq(weeklySchedules.weekStartDate, "2026-11-30")));
    expect(weeks).toHaveLength(1);
    const other = await buildTenant();
    const foreign = await (await agentFor(admin))
      .put(`/api/jobs/${job.id}`)
      .send({ employeeId: other.employee.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(EMPLOYEE_NOT_IN_COMPANY);
  });

  it("sets completedAt when completed, keeps it while completed, clears it when reopened", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const agent = await agentFor(owner);
    const completed = await agent.put(`/api/jobs/${job.id}`).send({ status: "completed" });
    const stamp = completed.body.completedAt as string;
    expect(Date.now() - Date.parse(stamp)).toBeLessThan(60_000);
    const edited = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ status: "completed", paymentStatus: "paid" });
    expect(edited.body.completedAt).toBe(stamp);
    const reopened = await agent.put(`/api/jobs/${job.id}`).send({ status: "in_progress" });
    expect(reopened.body.completedAt).toBeNull();
    const explicit = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ status: "completed", completedAt: "2026-11-23T16:45:00.000Z" });
    expect(explicit.body.completedAt).toBe("2026-11-23T16:45:00.000Z");
    // The office completing a job on the board is not field work: nobody's bell rings.
    const bell = await db.select().from(notifications).where(eq(notifications.companyId, company.id));
    expect(bell).toEqual([]);
  });

  it("lets the employee role change status and completion only", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { amount: "120.00" });
    const agent = await agentFor(employeeUser);
    const progress = await agent.put(`/api/jobs/${job.id}`).send({ status: "completed" });
    expect(progress.status).toBe(200);
    expect(progress.body.status).toBe("completed");
    // Resending the plan unchanged (as a full form does) is not a change.
    const unchanged = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ status: "in_progress", location: job.location, amount: "120", date: job.date });
    expect(unchanged.status).toBe(200);
    for (const change of [
      { location: "Elsewhere" },
      { amount: "1" },
      { date: "2026-11-24" },
      { paymentStatus: "paid" },
    ]) {
      const refused = await agent.put(`/api/jobs/${job.id}`).send({ status: "completed", ...change });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(PROGRESS_ONLY);
    }
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored).toMatchObject({ status: "in_progress", location: job.location, paymentStatus: "pending" });
  });
});

describe("DELETE /api/jobs/:id", () => {
  it("deletes for owners and admins; 401, 403 for the employee role, 404 across companies", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const other = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    expect((await anonymous().delete(`/api/jobs/${job.id}`)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).delete(`/api/jobs/${job.id}`)).status).toBe(403);
    expect((await (await agentFor(other.owner)).delete(`/api/jobs/${job.id}`)).status).toBe(404);
    const agent = await agentFor(owner);
    expect((await agent.delete(`/api/jobs/${job.id}`)).status).toBe(204);
    expect((await agent.delete(`/api/jobs/${job.id}`)).status).toBe(404);
  });
});
