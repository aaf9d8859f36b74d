/**
 * Job lengths and conflict warnings (docs/schedule.md): POST,
 * PUT and GET /api/jobs carry each job's warnings, a new job takes its type's default
 * length, and warnings never block a save. The list's ETag changes with everything the
 * warnings read.
 */
import { db } from "@sched/core/db/client";
import { scheduleTemplates } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { DURATION_INVALID, type JobDTO } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

// 2026-11-23 is a Monday, 2026-11-29 a Sunday.
const WEEK = "startDate=2026-11-23&endDate=2026-11-29";
const weekUrl = (companyId: string) => `/api/jobs?companyId=${companyId}&${WEEK}`;

const jobFor = (employeeId: string, companyId: string) => ({
  companyId,
  employeeId,
  type: "Repair",
  location: "12 Oak St",
  date: "2026-11-24",
  time: "10:00",
});

const codes = (job: JobDTO) => job.warnings.map((w) => w.code);

describe("job lengths", () => {
  it("takes the type's default from the settings, else 60, and keeps a length that is sent", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const path = `/api/companies/${company.id}/settings`;
    expect((await agent.put(path).send({ jobTypeDurations: { Installation: 180 } })).status).toBe(200);
    const install = await agent
      .post("/api/jobs")
      .send({ ...jobFor(employee.id, company.id), type: "Installation" });
    expect([install.status, install.body.durationMinutes]).toEqual([201, 180]);
    const repair = await agent.post("/api/jobs").send(jobFor(employee.id, company.id));
    expect(repair.body.durationMinutes).toBe(60);
    const sent = await agent
      .post("/api/jobs")
      .send({ ...jobFor(employee.id, company.id), type: "Installation", durationMinutes: 45 });
    expect(sent.body.durationMinutes).toBe(45);
    // A later change of type keeps the job's length: only the dialog suggests a new one.
    const changed = await agent.put(`/api/jobs/${sent.body.id}`).send({ type: "Repair" });
    expect(changed.body.durationMinutes).toBe(45);
    const longer = await agent.put(`/api/jobs/${sent.body.id}`).send({ durationMinutes: 720 });
    expect([longer.status, longer.body.durationMinutes]).toEqual([200, 720]);
  });

  it("gives a template's jobs their type's default length", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    await agent.put(`/api/companies/${company.id}/settings`).send({ jobTypeDurations: { Repair: 150 } });
    const entry = {
      employeeId: employee.id,
      time: "09:00",
      location: "1 Main St",
      description: null,
      amount: null,
    };
    const [template] = await db
      .insert(scheduleTemplates)
      .values({
        companyId: company.id,
        name: "Standard week",
        templateData: [
          { ...entry, dayOfWeek: 0, type: "Repair" },
          { ...entry, dayOfWeek: 1, type: "Inspection" },
        ],
      })
      .returning();
    expect(
      (await agent.post(`/api/templates/${template.id}/apply`).send({ weekStart: "2026-11-23" })).status,
    ).toBe(200);
    const list = await agent.get(weekUrl(company.id));
    expect(list.body.map((j: JobDTO) => [j.type, j.durationMinutes])).toEqual([
      ["Repair", 150],
      ["Inspection", 60],
    ]);
  });

  it.each([0, 10, 14, 20, 735, 1440, 60.5, "60", null])(
    "refuses a length of %o with 400",
    async (durationMinutes) => {
      const { company, owner, employee } = await buildTenant();
      const agent = await agentFor(owner);
      const created = await agent
        .post("/api/jobs")
        .send({ ...jobFor(employee.id, company.id), durationMinutes });
      expect([created.status, created.body.message]).toEqual([400, DURATION_INVALID]);
      const job = await buildJob(company.id, employee.id);
      const updated = await agent.put(`/api/jobs/${job.id}`).send({ durationMinutes });
      expect([updated.status, updated.body.message]).toEqual([400, DURATION_INVALID]);
      const list = await agent.get(`/api/jobs?companyId=${company.id}`);
      expect(list.body.map((j: JobDTO) => j.durationMinutes)).toEqual([60]);
    },
  );

  it("leaves the length to the office: an employee may not change it, another company's member not at all", async () => {
    const { company, employee, employeeUser } = await buildTenant();
    const other = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const technician = await agentFor(employeeUser);
    const refused = await technician.put(`/api/jobs/${job.id}`).send({ durationMinutes: 90 });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      "Employees may only change a job's status, completion and photos",
    ]);
    const foreign = await (await agentFor(other.owner))
      .put(`/api/jobs/${job.id}`)
      .send({ durationMinutes: 90 });
    expect(foreign.status).toBe(404);
    const list = await technician.get(`/api/jobs?companyId=${company.id}`);
    expect(list.body[0].durationMinutes).toBe(60);
  });
});

describe("warnings", () => {
  it("flags an overlap on both jobs in POST, PUT and GET, and still saves both", async () => {
    const { company, owner, employee } = await buildTenant();
    const colleague = await buildEmployee(company.id, { name: "Rita Ruiz", initials: "RR" });
    const agent = await agentFor(owner);
    const first = await agent.post("/api/jobs").send({
      ...jobFor(employee.id, company.id),
      type: "Plumbing",
      location: "1 Main St",
      durationMinutes: 90,
    });
    expect([first.status, first.body.warnings]).toEqual([201, []]);
    const second = await agent.post("/api/jobs").send({ ...jobFor(employee.id, company.id), time: "11:00" });
    expect(second.status).toBe(201);
    expect(second.body.warnings).toEqual([
      { code: "overlap", message: "Overlaps 10:00–11:30 Plumbing at 1 Main St", jobId: first.body.id },
    ]);
    const list = await agent.get(weekUrl(company.id));
    const byId = new Map(list.body.map((j: JobDTO) => [j.id, j]));
    expect((byId.get(first.body.id) as JobDTO).warnings).toEqual([
      { code: "overlap", message: "Overlaps 11:00–12:00 Repair at 12 Oak St", jobId: second.body.id },
    ]);
    expect((byId.get(second.body.id) as JobDTO).warnings).toEqual(second.body.warnings);

    // Moving the second job to a colleague ends the overlap, in the answer and in the list.
    const moved = await agent.put(`/api/jobs/${second.body.id}`).send({ employeeId: colleague.id });
    expect([moved.status, moved.body.warnings]).toEqual([200, []]);
    const after = await agent.get(weekUrl(company.id));
    expect(after.body.map((j: JobDTO) => j.warnings)).toEqual([[], []]);
    // A cancelled job overlaps nothing.
    await agent.put(`/api/jobs/${second.body.id}`).send({ employeeId: employee.id, status: "cancelled" });
    expect((await agent.get(weekUrl(company.id))).body.map(codes)).toEqual([[], []]);
  });

  it("flags hours outside the workday and a day off, by the company's settings", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const early = await agent.post("/api/jobs").send({ ...jobFor(employee.id, company.id), time: "06:30" });
    expect(early.body.warnings).toEqual([
      { code: "outside_hours", message: "Starts before the workday (07:00)" },
    ]);
    const late = await agent
      .post("/api/jobs")
      .send({ ...jobFor(employee.id, company.id), time: "18:00", durationMinutes: 90 });
    expect(late.body.warnings).toEqual([
      { code: "outside_hours", message: "Ends after the workday (19:00)" },
    ]);
    const sunday = await agent
      .post("/api/jobs")
      .send({ ...jobFor(employee.id, company.id), date: "2026-11-29" });
    expect([sunday.status, sunday.body.warnings]).toEqual([
      201,
      [{ code: "non_working_day", message: "Sunday is not a working day" }],
    ]);
    const moved = await agent.put(`/api/jobs/${early.body.id}`).send({ time: "08:00" });
    expect(moved.body.warnings).toEqual([]);
  });

  it("changes the list's ETag and warnings when the settings change", async () => {
    const { company, owner, employee } = await buildTenant();
    await buildJob(company.id, employee.id, { date: "2026-11-29", time: "09:00" });
    const agent = await agentFor(owner);
    const before = await agent.get(weekUrl(company.id));
    expect(before.body.map(codes)).toEqual([["non_working_day"]]);
    const etag = before.headers.etag as string;
    expect((await agent.get(weekUrl(company.id)).set("If-None-Match", etag)).status).toBe(304);

    const settings = `/api/companies/${company.id}/settings`;
    expect((await agent.put(settings).send({ workingDays: [1, 2, 3, 4, 5, 6, 7] })).status).toBe(200);
    const sundays = await agent.get(weekUrl(company.id)).set("If-None-Match", etag);
    expect(sundays.status).toBe(200);
    expect(sundays.headers.etag).not.toBe(etag);
    expect(sundays.body.map(codes)).toEqual([[]]);

    expect((await agent.put(settings).send({ workdayStart: "10:00" })).status).toBe(200);
    const hours = await agent.get(weekUrl(company.id)).set("If-None-Match", sundays.headers.etag);
    expect(hours.status).toBe(200);
    expect(hours.body[0].warnings).toEqual([
      { code: "outside_hours", message: "Starts before the workday (10:00)" },
    ]);
  });

  it("changes the list's ETag and warnings when an employee is deactivated, and names them", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { date: "2026-11-24", time: "09:00" });
    const agent = await agentFor(admin);
    const before = await agent.get(weekUrl(company.id));
    expect(before.body[0].warnings).toEqual([]);
    const office = await agentFor(owner);
    expect((await office.put(`/api/employees/${employee.id}`).send({ isActive: false })).status).toBe(200);
    const after = await agent.get(weekUrl(company.id)).set("If-None-Match", before.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body[0].warnings).toEqual([
      { code: "inactive_employee", message: "Pat Plumber is inactive" },
    ]);
    // Renamed while inactive: the message follows.
    await office.put(`/api/employees/${employee.id}`).send({ name: "Pat Piper" });
    const renamed = await agent.get(weekUrl(company.id)).set("If-None-Match", after.headers.etag);
    expect(renamed.body[0].warnings[0].message).toBe("Pat Piper is inactive");
    // A job's own answer says the same; the save goes through.
    const saved = await office.put(`/api/jobs/${job.id}`).send({ location: "2 Elm St" });
    expect([saved.status, saved.body.warnings]).toEqual([200, renamed.body[0].warnings]);
    // Active again: no warning.
    await office.put(`/api/employees/${employee.id}`).send({ isActive: true });
    const active = await agent.get(weekUrl(company.id)).set("If-None-Match", renamed.headers.etag);
    expect(active.body[0].warnings).toEqual([]);
  });

  it("keeps each company's settings and employees to its own list", async () => {
    const mine = await buildTenant();
    const theirs = await buildTenant();
    await buildJob(mine.company.id, mine.employee.id, { date: "2026-11-29" });
    await buildJob(theirs.company.id, theirs.employee.id, { date: "2026-11-29" });
    const theirOwner = await agentFor(theirs.owner);
    await theirOwner.put(`/api/companies/${theirs.company.id}/settings`).send({ workingDays: [7] });
    await theirOwner.put(`/api/employees/${theirs.employee.id}`).send({ isActive: false });
    const list = await (await agentFor(mine.owner)).get(weekUrl(mine.company.id));
    expect(list.body.map(codes)).toEqual([["non_working_day"]]);
    const foreign = await (await agentFor(mine.owner)).get(weekUrl(theirs.company.id));
    expect(foreign.status).toBe(403);
  });
});
