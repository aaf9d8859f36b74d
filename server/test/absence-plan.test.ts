/**
 * The sick day's preview (docs/time-off.md): POST
 * /api/employees/:id/absence-plan proposes who takes each of the absent employee's jobs on
 * a date, for the office only, and changes nothing.
 */
import { db } from "@sched/core/db/client";
import { employees, jobs, timeOff } from "@sched/core/db/schema";
import { UNPLACED_REASONS } from "@sched/core/planning/absence-plan";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import type { AbsencePlanDTO } from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

/** A Monday: a working day by the company's default settings (Monday to Saturday, 07:00–19:00). */
const DAY = "2026-11-30";

async function sickDay() {
  const tenant = await buildTenant();
  const { company, employee: pat } = tenant;
  const sam = await buildEmployee(company.id, { name: "Sam Sparks", initials: "SS" });
  const uma = await buildEmployee(company.id, { name: "Uma Unger", initials: "UU" });
  const early = await buildJob(company.id, pat.id, { date: DAY, time: "09:00", durationMinutes: 60 });
  const late = await buildJob(company.id, pat.id, { date: DAY, time: "14:00", durationMinutes: 120 });
  return { ...tenant, pat, sam, uma, early, late };
}

const preview = (agent: Awaited<ReturnType<typeof agentFor>>, employeeId: string, body: object) =>
  agent.post(`/api/employees/${employeeId}/absence-plan`).send(body);

const companyJobs = (companyId: string) =>
  db.select().from(jobs).where(eq(jobs.companyId, companyId)).orderBy(asc(jobs.id));

describe("the sick day's preview", () => {
  it("spreads the day over the colleagues at the same times, and changes nothing", async () => {
    const crew = await sickDay();
    // Sam already has a job at 14:30: the morning goes to Uma (fewest jobs), and so does the
    // afternoon (Sam is not free at 14:00).
    await buildJob(crew.company.id, crew.sam.id, { date: DAY, time: "14:30", durationMinutes: 60 });
    const before = await companyJobs(crew.company.id);
    const owner = await agentFor(crew.owner);

    const res = await preview(owner, crew.pat.id, { companyId: crew.company.id, date: DAY });
    expect(res.status).toBe(200);
    const plan = res.body as AbsencePlanDTO;
    expect(plan).toMatchObject({ date: DAY, employeeId: crew.pat.id, unplaced: [] });
    expect(plan.moves).toHaveLength(2);
    const early = plan.moves.find((move) => move.jobId === crew.early.id);
    const late = plan.moves.find((move) => move.jobId === crew.late.id);
    expect(early).toMatchObject({ employeeId: crew.uma.id, time: "09:00", warnings: [] });
    expect(late).toMatchObject({ employeeId: crew.uma.id, time: "14:00", warnings: [] });
    expect(await companyJobs(crew.company.id)).toEqual(before);
  });

  it("never proposes someone inactive, and lists what nobody can take with the reason", async () => {
    const crew = await sickDay();
    await db.update(jobs).set({ durationMinutes: 60 }).where(eq(jobs.id, crew.late.id));
    await db.update(employees).set({ isActive: false }).where(eq(employees.id, crew.uma.id));
    // Sam is busy all day long.
    await buildJob(crew.company.id, crew.sam.id, { date: DAY, time: "07:00", durationMinutes: 720 });
    const admin = await agentFor(crew.admin);

    const res = await preview(admin, crew.pat.id, { companyId: crew.company.id, date: DAY });
    expect(res.status).toBe(200);
    expect(res.body.moves).toEqual([]);
    expect(res.body.unplaced).toEqual([
      { jobId: crew.early.id, reason: UNPLACED_REASONS.noRoom },
      { jobId: crew.late.id, reason: UNPLACED_REASONS.noRoom },
    ]);
  });

  it("keeps jobs from colleagues on approved time off and outside their own pattern; a pending request does not", async () => {
    const crew = await sickDay();
    const vic = await buildEmployee(crew.company.id, { name: "Vic Vacation", initials: "VV" });
    // Sam has the whole day off, Uma only works Monday afternoons, Vic only asked for the day off.
    await db.insert(timeOff).values([
      {
        companyId: crew.company.id,
        employeeId: crew.sam.id,
        startDate: DAY,
        endDate: DAY,
        kind: "vacation",
        status: "approved",
      },
      {
        companyId: crew.company.id,
        employeeId: vic.id,
        startDate: DAY,
        endDate: DAY,
        kind: "personal",
        status: "pending",
      },
    ]);
    await db
      .update(employees)
      .set({ availability: [{ day: 1, start: "13:00", end: "18:00" }] })
      .where(eq(employees.id, crew.uma.id));
    const owner = await agentFor(crew.owner);

    const res = await preview(owner, crew.pat.id, { companyId: crew.company.id, date: DAY });
    expect(res.status).toBe(200);
    const plan = res.body as AbsencePlanDTO;
    // The morning can only go to Vic (with the softer note); the afternoon to Uma (fewest jobs, then id) or Vic.
    const early = plan.moves.find((move) => move.jobId === crew.early.id);
    expect(early).toMatchObject({ employeeId: vic.id, time: "09:00" });
    expect(early?.warnings.map((warning) => warning.code)).toEqual(["time_off_pending"]);
    const late = plan.moves.find((move) => move.jobId === crew.late.id);
    expect(late).toMatchObject({ employeeId: crew.uma.id, time: "14:00", warnings: [] });
    expect(plan.moves.map((move) => move.employeeId)).not.toContain(crew.sam.id);
  });

  it("leaves done and cancelled jobs where they are", async () => {
    const crew = await sickDay();
    await buildJob(crew.company.id, crew.pat.id, { date: DAY, time: "08:00", status: "completed" });
    await buildJob(crew.company.id, crew.pat.id, { date: DAY, time: "10:00", status: "cancelled" });
    const owner = await agentFor(crew.owner);
    const res = await preview(owner, crew.pat.id, { companyId: crew.company.id, date: DAY });
    const named = [...res.body.moves, ...res.body.unplaced].map((entry: { jobId: string }) => entry.jobId);
    expect(named.sort()).toEqual([crew.early.id, crew.late.id].sort());
  });

  it("proposes nobody on a day the company does not work", async () => {
    const crew = await sickDay();
    const sunday = "2026-11-29";
    const job = await buildJob(crew.company.id, crew.pat.id, { date: sunday, time: "10:00" });
    const owner = await agentFor(crew.owner);
    const res = await preview(owner, crew.pat.id, { companyId: crew.company.id, date: sunday });
    expect(res.body).toEqual({
      date: sunday,
      employeeId: crew.pat.id,
      moves: [],
      unplaced: [{ jobId: job.id, reason: UNPLACED_REASONS.nobodyWorking }],
    });
  });

  it("answers 401 signed out, 400 with the field's message, 403 to an employee, 404 across companies", async () => {
    const crew = await sickDay();
    const other = await buildTenant();
    const body = { companyId: crew.company.id, date: DAY };
    expect((await anonymous().post(`/api/employees/${crew.pat.id}/absence-plan`).send(body)).status).toBe(
      401,
    );

    const owner = await agentFor(crew.owner);
    const bad = await preview(owner, crew.pat.id, { companyId: crew.company.id, date: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: "validation",
      message: "Date must be a real calendar date between 1900 and 2999",
      errors: [{ path: "date", message: "Date must be a real calendar date between 1900 and 2999" }],
    });
    const missing = await preview(owner, crew.pat.id, { companyId: crew.company.id });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: "date", message: "Date is required" }]);

    const employee = await preview(await agentFor(crew.employeeUser), crew.pat.id, body);
    expect(employee.status).toBe(403);
    expect(employee.body.code).toBe("forbidden");
    expect((await preview(await agentFor(crew.admin), crew.pat.id, body)).status).toBe(200);

    const stranger = await agentFor(other.owner);
    const foreign = await preview(stranger, crew.pat.id, { companyId: other.company.id, date: DAY });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "not_found", message: "Employee not found" });
    // The employee's own company named with a member of another: 404 as well.
    const mixed = await preview(owner, other.employee.id, body);
    expect(mixed.status).toBe(404);
  });
});
