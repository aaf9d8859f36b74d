/**
 * Time off and availability wherever a job is planned (docs/time-off.md): the job answers
 * and the board's list warn `time_off` on approved time off and `time_off_pending` on a
 * request not yet decided, use the employee's own weekly pattern for `outside_hours` and
 * `non_working_day`, never block a save, and the list's ETag changes with all of it. The
 * pattern is set on the employee (400 with the field's message when it is wrong), and the
 * calendar feed carries approved time off as busy events and each job with its length.
 */
import { db } from "@sched/core/db/client";
import { companySettings, companyUsers } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import {
  AVAILABILITY_END_AFTER_START,
  AVAILABILITY_OVERLAP,
  addDays,
  dateIn,
  type JobDTO,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

// 2030-06-03 is a Monday, 2030-06-07 a Friday.
const MON = "2030-06-03";
const TUE = "2030-06-04";
const FRI = "2030-06-07";
const weekUrl = (companyId: string) => `/api/jobs?companyId=${companyId}&startDate=${MON}&endDate=2030-06-09`;
const codes = (job: JobDTO | undefined) => (job?.warnings ?? []).map((warning) => warning.code);

async function crewWithJobs() {
  const tenant = await buildTenant();
  const owner = await agentFor(tenant.owner);
  const monday = await buildJob(tenant.company.id, tenant.employee.id, { date: MON, time: "10:00" });
  const tuesday = await buildJob(tenant.company.id, tenant.employee.id, { date: TUE, time: "14:00" });
  return { ...tenant, agent: owner, monday, tuesday };
}

const weekOf = async (agent: Awaited<ReturnType<typeof agentFor>>, companyId: string) =>
  (await agent.get(weekUrl(companyId))).body as JobDTO[];

describe("time off in the conflict warnings", () => {
  it("warns time_off on approved time off, time_off_pending on a request, nothing once declined", async () => {
    const crew = await crewWithJobs();
    const technician = await agentFor(crew.employeeUser);
    await db
      .update(companyUsers)
      .set({ employeeId: crew.employee.id })
      .where(and(eq(companyUsers.companyId, crew.company.id), eq(companyUsers.userId, crew.employeeUser.id)));
    const before = await crew.agent.get(weekUrl(crew.company.id));
    expect(codes(before.body.find((job: JobDTO) => job.id === crew.monday.id))).toEqual([]);

    const asked = await technician
      .post("/api/time-off")
      .send({ companyId: crew.company.id, startDate: MON, endDate: MON, kind: "vacation" });
    const pending = await crew.agent.get(weekUrl(crew.company.id)).set("If-None-Match", before.headers.etag);
    expect(pending.status).toBe(200);
    const pendingMonday = (pending.body as JobDTO[]).find((job) => job.id === crew.monday.id);
    expect(codes(pendingMonday)).toEqual(["time_off_pending"]);
    expect(pendingMonday?.warnings[0].message).toBe("Pat Plumber has asked for time off (not decided yet)");
    expect(codes((pending.body as JobDTO[]).find((job) => job.id === crew.tuesday.id))).toEqual([]);

    await crew.agent.put(`/api/time-off/${asked.body.id}`).send({ status: "approved", version: 1 });
    const approved = await weekOf(crew.agent, crew.company.id);
    const approvedMonday = approved.find((job) => job.id === crew.monday.id);
    expect(codes(approvedMonday)).toEqual(["time_off"]);
    expect(approvedMonday?.warnings[0].message).toBe("Pat Plumber is on time off");

    await crew.agent.put(`/api/time-off/${asked.body.id}`).send({ status: "declined", version: 2 });
    expect(
      codes((await weekOf(crew.agent, crew.company.id)).find((job) => job.id === crew.monday.id)),
    ).toEqual([]);
  });

  it("warns only where a part day overlaps the job, and a save on time off still goes through", async () => {
    const crew = await crewWithJobs();
    await crew.agent.post("/api/time-off").send({
      companyId: crew.company.id,
      employeeId: crew.employee.id,
      startDate: TUE,
      endDate: TUE,
      startTime: "13:00",
      endTime: "17:00",
      kind: "personal",
    });
    const week = await weekOf(crew.agent, crew.company.id);
    expect(codes(week.find((job) => job.id === crew.tuesday.id))).toEqual(["time_off"]);
    expect(week.find((job) => job.id === crew.tuesday.id)?.warnings[0].message).toBe(
      "Pat Plumber is on time off 13:00–17:00",
    );
    // Moved to the morning, clear of the afternoon off.
    const moved = await crew.agent.put(`/api/jobs/${crew.tuesday.id}`).send({ time: "09:00" });
    expect([moved.status, codes(moved.body)]).toEqual([200, []]);
    // Dropped back on it: saved, with the warning.
    const onIt = await crew.agent.put(`/api/jobs/${crew.tuesday.id}`).send({ time: "12:30" });
    expect([onIt.status, codes(onIt.body)]).toEqual([200, ["time_off"]]);
    const created = await crew.agent.post("/api/jobs").send({
      companyId: crew.company.id,
      employeeId: crew.employee.id,
      type: "Repair",
      location: "2 Elm St",
      date: TUE,
      time: "15:00",
    });
    expect([created.status, codes(created.body)]).toEqual([201, ["time_off"]]);
  });
});

describe("the employee's own weekly pattern", () => {
  it("replaces the company's days and hours for that employee", async () => {
    const crew = await crewWithJobs();
    const friday = await buildJob(crew.company.id, crew.employee.id, { date: FRI, time: "09:00" });
    const colleague = await buildEmployee(crew.company.id, { name: "Sam Sparks", initials: "SS" });
    const theirs = await buildJob(crew.company.id, colleague.id, { date: FRI, time: "14:00" });
    const before = await crew.agent.get(weekUrl(crew.company.id));
    // Monday and Tuesday mornings only; Friday 08:00-12:00.
    const res = await crew.agent.put(`/api/employees/${crew.employee.id}`).send({
      availability: [
        { day: 5, start: "08:00", end: "12:00" },
        { day: 1, start: "08:00", end: "12:00" },
        { day: 2, start: "08:00", end: "12:00" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.availability).toEqual([
      { day: 1, start: "08:00", end: "12:00" },
      { day: 2, start: "08:00", end: "12:00" },
      { day: 5, start: "08:00", end: "12:00" },
    ]);
    const after = await crew.agent.get(weekUrl(crew.company.id)).set("If-None-Match", before.headers.etag);
    expect(after.status).toBe(200);
    const week = after.body as JobDTO[];
    expect(codes(week.find((job) => job.id === crew.monday.id))).toEqual([]);
    const tuesday = week.find((job) => job.id === crew.tuesday.id);
    expect(codes(tuesday)).toEqual(["outside_hours"]);
    expect(tuesday?.warnings[0].message).toBe("Outside Pat Plumber's hours on Tuesdays (08:00–12:00)");
    expect(codes(week.find((job) => job.id === friday.id))).toEqual([]);
    // The colleague still works the company's days and hours.
    expect(codes(week.find((job) => job.id === theirs.id))).toEqual([]);

    await crew.agent
      .put(`/api/employees/${crew.employee.id}`)
      .send({ availability: [{ day: 1, start: "08:00", end: "17:00" }] });
    const onlyMonday = await weekOf(crew.agent, crew.company.id);
    const friday2 = onlyMonday.find((job) => job.id === friday.id);
    expect(codes(friday2)).toEqual(["non_working_day"]);
    expect(friday2?.warnings[0].message).toBe("Pat Plumber does not work on Fridays");

    // Emptied: the company's days and hours again.
    await crew.agent.put(`/api/employees/${crew.employee.id}`).send({ availability: [] });
    expect(codes((await weekOf(crew.agent, crew.company.id)).find((job) => job.id === friday.id))).toEqual(
      [],
    );
  });

  it("answers 400 with the field's message for a wrong pattern, and keeps the old one", async () => {
    const { company, owner, employee, employeeUser } = await buildTenant();
    const agent = await agentFor(owner);
    await agent
      .put(`/api/employees/${employee.id}`)
      .send({ availability: [{ day: 1, start: "08:00", end: "12:00" }] });
    const cases: [unknown, string, string][] = [
      [
        [{ day: 7, start: "08:00", end: "12:00" }],
        "availability.0.day",
        "Day must be a whole number from 0 (Sunday) to 6 (Saturday)",
      ],
      [[{ day: 1, start: "12:00", end: "08:00" }], "availability.0.end", AVAILABILITY_END_AFTER_START],
      [
        [
          { day: 1, start: "08:00", end: "12:00" },
          { day: 1, start: "11:00", end: "15:00" },
        ],
        "availability.1.start",
        AVAILABILITY_OVERLAP,
      ],
      [[{ day: 1, start: "8am", end: "12:00" }], "availability.0.start", "Time must be HH:mm"],
    ];
    for (const [availability, path, message] of cases) {
      const res = await agent.put(`/api/employees/${employee.id}`).send({ availability });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    const list = await agent.get(`/api/employees?companyId=${company.id}`);
    expect(list.body.find((row: { id: string }) => row.id === employee.id).availability).toEqual([
      { day: 1, start: "08:00", end: "12:00" },
    ]);
    // A technician reads it (My Day shows it) but may not set it.
    const technician = await agentFor(employeeUser);
    expect((await technician.put(`/api/employees/${employee.id}`).send({ availability: [] })).status).toBe(
      403,
    );
  });
});

describe("the calendar feed", () => {
  it("carries approved time off as busy events and every job with its real length", async () => {
    const tenant = await buildTenant();
    const zone = "America/Chicago";
    await db.insert(companySettings).values({ companyId: tenant.company.id, timeZone: zone });
    await db
      .update(companyUsers)
      .set({ employeeId: tenant.employee.id })
      .where(
        and(eq(companyUsers.companyId, tenant.company.id), eq(companyUsers.userId, tenant.employeeUser.id)),
      );
    const today = dateIn(new Date(), zone);
    const long = await buildJob(tenant.company.id, tenant.employee.id, {
      date: today,
      time: "09:00",
      durationMinutes: 150,
    });
    const owner = await agentFor(tenant.owner);
    const base = { companyId: tenant.company.id, employeeId: tenant.employee.id, kind: "vacation" };
    const days = await owner
      .post("/api/time-off")
      .send({ ...base, startDate: addDays(today, 7), endDate: addDays(today, 9) });
    const part = await owner.post("/api/time-off").send({
      ...base,
      kind: "personal",
      startDate: addDays(today, 2),
      endDate: addDays(today, 2),
      startTime: "13:00",
      endTime: "15:30",
    });
    const technician = await agentFor(tenant.employeeUser);
    const pending = await technician.post("/api/time-off").send({
      companyId: tenant.company.id,
      startDate: addDays(today, 20),
      endDate: addDays(today, 20),
      kind: "vacation",
    });
    const feed = await technician.post(`/api/companies/${tenant.company.id}/calendar-feed`).send({});
    const text = (await anonymous().get(new URL(feed.body.url).pathname)).text;
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const timezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(timezone);
    const events = new Map(
      calendar.getAllSubcomponents("vevent").map((vevent) => {
        const event = new ICAL.Event(vevent);
        return [
          event.uid,
          {
            summary: event.summary,
            minutes: event.duration.toSeconds() / 60,
            allDay: event.startDate.isDate,
            start: event.startDate.toString(),
            transparency: vevent.getFirstPropertyValue("transp"),
          },
        ];
      }),
    );
    expect(events.get(`${long.id}@scheduler`)?.minutes).toBe(150);
    expect(events.get(`time-off-${days.body.id}@scheduler`)).toEqual({
      summary: "Time off – Vacation",
      minutes: 3 * 24 * 60,
      allDay: true,
      start: addDays(today, 7),
      transparency: "OPAQUE",
    });
    expect(events.get(`time-off-${part.body.id}@scheduler`)).toMatchObject({
      summary: "Time off – Personal",
      minutes: 150,
      allDay: false,
      transparency: "OPAQUE",
    });
    expect(events.get(`time-off-${part.body.id}@scheduler`)?.start).toContain("T13:00:00");
    // A request not yet approved is not in the feed.
    expect(text).not.toContain(pending.body.id);
  });
});
