/**
 * Skills (docs/schedule.md, "Skills"): the company's list in its settings, employees holding
 * some, jobs, series and templates needing some, and the `skills` warning. Names outside
 * the company's list are refused (400 "Unknown skill: gas"); technicians cannot change what
 * a job needs.
 */

import { PROGRESS_ONLY } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { companyUsers, employees, jobSeries, jobs } from "@sched/core/db/schema";
import { toDateString } from "@sched/core/lib/dates";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const settingsPath = (companyId: string) => `/api/companies/${companyId}/settings`;

/** A company whose owner set the skills "gas" and "backflow tester". */
async function skilledTenant() {
  const tenant = await buildTenant();
  const owner = await agentFor(tenant.owner);
  const res = await owner.put(settingsPath(tenant.company.id)).send({ skills: ["gas", " Backflow Tester "] });
  expect([res.status, res.body.skills]).toEqual([200, ["gas", "Backflow Tester"]]);
  return { ...tenant, agent: owner };
}

const jobFor = (employeeId: string, companyId: string, extra: Record<string, unknown> = {}) => ({
  employeeId,
  companyId,
  type: "Repair",
  location: "12 Oak St",
  date: "2026-11-25",
  time: "10:30",
  ...extra,
});

const skillWarnings = (job: JobDTO) =>
  job.warnings.filter((warning) => warning.code === "skills").map((warning) => warning.message);

describe("the company's skills", () => {
  it("are saved trimmed, spelled as typed, and answered with the settings", async () => {
    const { company, agent } = await skilledTenant();
    const read = await agent.get(settingsPath(company.id));
    expect([read.body.skills, read.body.jobTypeSkills]).toEqual([["gas", "Backflow Tester"], {}]);
  });

  it("refuses a bad list with 400 and the field's message", async () => {
    const { company, agent } = await skilledTenant();
    const cases: [unknown, string][] = [
      [["gas", "GAS"], '"GAS" is listed twice'],
      [[" "], "A skill needs a name"],
      [["x".repeat(41)], "A skill must be 40 characters or less"],
      [Array.from({ length: 51 }, (_, i) => `skill ${i}`), "A company can have at most 50 skills"],
      ["gas", "Skills must be a list of names"],
    ];
    for (const [skills, message] of cases) {
      const res = await agent.put(settingsPath(company.id)).send({ skills });
      expect([res.status, res.body.message, res.body.code]).toEqual([400, message, "validation"]);
    }
    const unknown = await agent
      .put(settingsPath(company.id))
      .send({ jobTypeSkills: { Installation: ["welding"] } });
    expect([unknown.status, unknown.body.message]).toEqual([400, "Unknown skill: welding"]);
  });

  it("names the skills each job type needs, which a new job takes when it names none", async () => {
    const { company, agent, employee } = await skilledTenant();
    const set = await agent.put(settingsPath(company.id)).send({ jobTypeSkills: { Installation: ["GAS"] } });
    expect([set.status, set.body.jobTypeSkills]).toEqual([200, { Installation: ["gas"] }]);
    const made = await agent
      .post("/api/jobs")
      .send(jobFor(employee.id, company.id, { type: "Installation" }));
    expect([made.status, made.body.requiredSkills]).toEqual([201, ["gas"]]);
    const named = await agent
      .post("/api/jobs")
      .send(jobFor(employee.id, company.id, { type: "Installation", requiredSkills: [] }));
    expect(named.body.requiredSkills).toEqual([]);
  });

  it("a skill removed leaves the employees holding it and the job types, in one save", async () => {
    const { company, agent, employee } = await skilledTenant();
    await agent
      .put(settingsPath(company.id))
      .send({ jobTypeSkills: { Installation: ["gas", "Backflow Tester"] } });
    await agent.put(`/api/employees/${employee.id}`).send({ skills: ["gas", "backflow tester"] });
    const res = await agent.put(settingsPath(company.id)).send({ skills: ["Backflow Tester"] });
    expect([res.status, res.body.jobTypeSkills]).toEqual([200, { Installation: ["Backflow Tester"] }]);
    const [row] = await db.select().from(employees).where(eq(employees.id, employee.id));
    expect([row.skills, row.version]).toEqual([["Backflow Tester"], 3]);
  });

  it("are the owner's to change: 403 for an admin and a technician, 403 outside, 401 signed out", async () => {
    const { company, admin, employeeUser } = await skilledTenant();
    for (const user of [admin, employeeUser]) {
      const res = await (await agentFor(user)).put(settingsPath(company.id)).send({ skills: ["welding"] });
      expect(res.status).toBe(403);
    }
    const other = await buildTenant();
    expect(
      (await (await agentFor(other.owner)).put(settingsPath(company.id)).send({ skills: [] })).status,
    ).toBe(403);
    expect((await anonymous().put(settingsPath(company.id)).send({ skills: [] })).status).toBe(401);
  });
});

describe("an employee's skills", () => {
  it("are taken from the company's list, spelled as it spells them, on create and edit", async () => {
    const { company, agent } = await skilledTenant();
    const made = await agent
      .post("/api/employees")
      .send({ companyId: company.id, name: "Sam Gas", initials: "SG", avatarColor: "blue", skills: ["GAS"] });
    expect([made.status, made.body.skills]).toEqual([201, ["gas"]]);
    const edited = await agent
      .put(`/api/employees/${made.body.id}`)
      .send({ skills: ["gas", "backflow tester", "Gas"] });
    expect([edited.status, edited.body.skills]).toEqual([200, ["gas", "Backflow Tester"]]);
    // An edit that names no skills leaves them.
    const renamed = await agent.put(`/api/employees/${made.body.id}`).send({ name: "Sam G." });
    expect(renamed.body.skills).toEqual(["gas", "Backflow Tester"]);
    const listed = await agent.get(`/api/employees?companyId=${company.id}`);
    expect(listed.body.find((e: { id: string }) => e.id === made.body.id).skills).toEqual([
      "gas",
      "Backflow Tester",
    ]);
  });

  it("refuses a skill the company does not have with 400 'Unknown skill: …'", async () => {
    const { company, agent, employee } = await skilledTenant();
    const made = await agent
      .post("/api/employees")
      .send({ companyId: company.id, name: "Sam", initials: "S", avatarColor: "blue", skills: ["welding"] });
    expect([made.status, made.body.message, made.body.errors]).toEqual([
      400,
      "Unknown skill: welding",
      [{ path: "skills", message: "Unknown skill: welding" }],
    ]);
    const edited = await agent.put(`/api/employees/${employee.id}`).send({ skills: ["gas", " weld "] });
    expect([edited.status, edited.body.message]).toEqual([400, "Unknown skill: weld"]);
    const bad = await agent.put(`/api/employees/${employee.id}`).send({ skills: [""] });
    expect([bad.status, bad.body.message]).toEqual([400, "A skill needs a name"]);
  });

  it("answers 403 to a technician and 404 for another company's employee", async () => {
    const { employeeUser, employee, agent } = await skilledTenant();
    const technician = await (await agentFor(employeeUser))
      .put(`/api/employees/${employee.id}`)
      .send({ skills: ["gas"] });
    expect(technician.status).toBe(403);
    const other = await buildTenant();
    const foreign = await agent.put(`/api/employees/${other.employee.id}`).send({ skills: ["gas"] });
    expect(foreign.status).toBe(404);
    const [row] = await db.select().from(employees).where(eq(employees.id, other.employee.id));
    expect(row.skills).toEqual([]);
  });
});

describe("a job's required skills and the skills warning", () => {
  it("warns 'Needs gas; Sam does not have it' in the answer and the list, and not once Sam holds it", async () => {
    const { company, agent } = await skilledTenant();
    const sam = await buildEmployee(company.id, { name: "Sam", initials: "S" });
    const made = await agent
      .post("/api/jobs")
      .send(jobFor(sam.id, company.id, { requiredSkills: ["gas", "backflow tester"] }));
    expect([made.status, made.body.requiredSkills]).toEqual([201, ["gas", "Backflow Tester"]]);
    expect(skillWarnings(made.body)).toEqual(["Needs gas and Backflow Tester; Sam has neither"]);
    const week = `/api/jobs?companyId=${company.id}&startDate=2026-11-23&endDate=2026-11-29`;
    const listed = (await agent.get(week)).body.find((job: JobDTO) => job.id === made.body.id);
    expect(skillWarnings(listed)).toEqual(["Needs gas and Backflow Tester; Sam has neither"]);

    await agent.put(`/api/employees/${sam.id}`).send({ skills: ["gas"] });
    const partly = (await agent.get(week)).body.find((job: JobDTO) => job.id === made.body.id);
    expect(skillWarnings(partly)).toEqual(["Needs gas and Backflow Tester; Sam lacks Backflow Tester"]);
    await agent.put(`/api/employees/${sam.id}`).send({ skills: ["gas", "Backflow Tester"] });
    const fits = (await agent.get(week)).body.find((job: JobDTO) => job.id === made.body.id);
    expect(skillWarnings(fits)).toEqual([]);
  });

  it("is changed by an edit, kept by one that names none, and refused when unknown (400)", async () => {
    const { company, agent, employee } = await skilledTenant();
    const job = await buildJob(company.id, employee.id);
    const edited = await agent.put(`/api/jobs/${job.id}`).send({ requiredSkills: ["Gas"] });
    expect([edited.status, edited.body.requiredSkills]).toEqual([200, ["gas"]]);
    const moved = await agent.put(`/api/jobs/${job.id}`).send({ location: "14 Oak St" });
    expect(moved.body.requiredSkills).toEqual(["gas"]);
    const unknown = await agent.put(`/api/jobs/${job.id}`).send({ requiredSkills: ["welding"] });
    expect([unknown.status, unknown.body.message]).toEqual([400, "Unknown skill: welding"]);
    const made = await agent
      .post("/api/jobs")
      .send(jobFor(employee.id, company.id, { requiredSkills: ["welding"] }));
    expect([made.status, made.body.message]).toEqual([400, "Unknown skill: welding"]);
    const shape = await agent
      .post("/api/jobs")
      .send(jobFor(employee.id, company.id, { requiredSkills: "gas" }));
    expect([shape.status, shape.body.message]).toEqual([400, "Skills must be a list of names"]);
  });

  it("answers 404 for another company's job and leaves it alone", async () => {
    const { agent } = await skilledTenant();
    const other = await buildTenant();
    const foreign = await buildJob(other.company.id, other.employee.id);
    const res = await agent.put(`/api/jobs/${foreign.id}`).send({ requiredSkills: ["gas"] });
    expect([res.status, res.body.message]).toEqual([404, "Job not found"]);
    expect((await db.select().from(jobs).where(eq(jobs.id, foreign.id)))[0].requiredSkills).toEqual([]);
  });

  it("a technician cannot change what a job needs (403), yet may resend it unchanged with progress", async () => {
    const { company, employeeUser, employee, agent } = await skilledTenant();
    await db
      .update(companyUsers)
      .set({ employeeId: employee.id })
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, employeeUser.id)));
    const job = await buildJob(company.id, employee.id, { date: toDateString(new Date()) });
    await agent.put(`/api/jobs/${job.id}`).send({ requiredSkills: ["gas"] });
    const technician = await agentFor(employeeUser);
    for (const requiredSkills of [[], ["gas", "Backflow Tester"]]) {
      const res = await technician.put(`/api/jobs/${job.id}`).send({ requiredSkills });
      expect([res.status, res.body.message]).toEqual([403, PROGRESS_ONLY]);
    }
    const progress = await technician
      .put(`/api/jobs/${job.id}`)
      .send({ status: "in_progress", requiredSkills: ["gas"] });
    expect([progress.status, progress.body.requiredSkills]).toEqual([200, ["gas"]]);
    expect((await anonymous().put(`/api/jobs/${job.id}`).send({ requiredSkills: [] })).status).toBe(401);
  });
});

describe("a series' and a template's required skills", () => {
  const occurrencesOf = (seriesId: string) =>
    db.select().from(jobs).where(eq(jobs.seriesId, seriesId)).orderBy(asc(jobs.occurrenceDate));

  it("go to every occurrence, change with an edit of all, and an unchanged resend does not detach", async () => {
    const { company, agent, employee } = await skilledTenant();
    const made = await agent.post("/api/job-series").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Maintenance",
      location: "4 Elm St",
      time: "09:00",
      startDate: toDateString(new Date()),
      rrule: "FREQ=WEEKLY",
      requiredSkills: ["gas"],
    });
    expect(made.status).toBe(201);
    const rows = await occurrencesOf(made.body.id);
    expect(new Set(rows.map((row) => row.requiredSkills.join()))).toEqual(new Set(["gas"]));
    const series = await agent.get(`/api/job-series/${made.body.id}`);
    expect(series.body.requiredSkills).toEqual(["gas"]);

    const same = await agent.put(`/api/jobs/${rows[1].id}`).send({ requiredSkills: ["gas"], version: 1 });
    expect([same.status, same.body.isDetached]).toEqual([200, false]);
    const all = await agent
      .put(`/api/jobs/${rows[2].id}?scope=all`)
      .send({ requiredSkills: ["gas", "Backflow Tester"], version: 1 });
    expect(all.status).toBe(200);
    const after = await occurrencesOf(made.body.id);
    expect(new Set(after.map((row) => row.requiredSkills.join()))).toEqual(new Set(["gas,Backflow Tester"]));
    const [stored] = await db.select().from(jobSeries).where(eq(jobSeries.id, made.body.id));
    expect(stored.requiredSkills).toEqual(["gas", "Backflow Tester"]);

    const unknown = await agent
      .put(`/api/job-series/${made.body.id}`)
      .send({ requiredSkills: ["welding"], from: toDateString(new Date()), version: stored.version });
    expect([unknown.status, unknown.body.message]).toEqual([400, "Unknown skill: welding"]);
  });

  it("a template keeps each job's skills and gives them to the jobs it makes", async () => {
    const { company, agent, employee } = await skilledTenant();
    await buildJob(company.id, employee.id, { date: "2026-11-23", requiredSkills: ["gas"] });
    const saved = await agent
      .post("/api/templates")
      .send({ companyId: company.id, name: "Gas week", weekStart: "2026-11-23" });
    expect([saved.status, saved.body.templateData[0].requiredSkills]).toEqual([201, ["gas"]]);
    const applied = await agent
      .post(`/api/templates/${saved.body.id}/apply`)
      .send({ companyId: company.id, weekStart: "2026-11-30" });
    expect(applied.body).toEqual({ created: 1, skipped: 0 });
    const [made] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, company.id), eq(jobs.date, "2026-11-30")));
    expect(made.requiredSkills).toEqual(["gas"]);
  });
});

describe("the sick day's preview and skills", () => {
  it("proposes only a colleague holding the skills a job needs, and says so when nobody does", async () => {
    const { company, agent, employee: pat } = await skilledTenant();
    const DAY = "2026-11-30";
    const sam = await buildEmployee(company.id, { name: "Sam Sparks", initials: "SS" });
    const uma = await buildEmployee(company.id, { name: "Uma Unger", initials: "UU", skills: ["gas"] });
    // Uma is busier, but only she has gas.
    await buildJob(company.id, uma.id, { date: DAY, time: "15:00" });
    const gasJob = await buildJob(company.id, pat.id, { date: DAY, time: "09:00", requiredSkills: ["gas"] });
    const backflow = await buildJob(company.id, pat.id, {
      date: DAY,
      time: "11:00",
      requiredSkills: ["Backflow Tester"],
    });
    const res = await agent
      .post(`/api/employees/${pat.id}/absence-plan`)
      .send({ companyId: company.id, date: DAY });
    expect(res.status).toBe(200);
    expect(res.body.moves).toEqual([
      expect.objectContaining({ jobId: gasJob.id, employeeId: uma.id, time: "09:00", warnings: [] }),
    ]);
    expect(res.body.unplaced).toEqual([{ jobId: backflow.id, reason: "No one else has Backflow Tester" }]);
    expect(sam.id).not.toBe(uma.id);
  });
});
