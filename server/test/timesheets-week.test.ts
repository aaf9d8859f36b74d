/**
 * GET /api/timesheets (docs/timesheets.md): who sees whose week, days counted by their real
 * length across midnight and a daylight-saving change, the flags, and overtime.
 */
import { db } from "@sched/core/db/client";
import { jobTaps } from "@sched/core/db/schema";
import { OWN_TIMESHEET_ONLY } from "@sched/core/queries/timesheets";
import { buildEmployee, buildTenant } from "@sched/core/test/factories";
import { OVERTIME_DAILY_INVALID, OVERTIME_WEEKLY_INVALID, WEEK_START_MONDAY } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";
import { buildEntry, buildLinkedTenant } from "./timesheets-support";

type Day = {
  date: string;
  workedMinutes: number;
  jobMinutes: number;
  betweenMinutes: number;
  flags: string[];
  entries: { clockOut: string | null }[];
};

const dayOf = (sheet: { days: Day[] }, date: string) => sheet.days.find((day) => day.date === date) as Day;

describe("GET /api/timesheets: who sees what", () => {
  it("answers 401 signed out, 400 for a week start that is no Monday, 403 to a stranger", async () => {
    const { company } = await buildLinkedTenant();
    const stranger = (await buildTenant()).owner;
    const path = `/api/timesheets?companyId=${company.id}&weekStart=2026-03-02`;
    expect((await anonymous().get(path)).status).toBe(401);
    expect((await (await agentFor(stranger)).get(path)).status).toBe(403);
    const tuesday = await (await agentFor(stranger)).get(
      `/api/timesheets?companyId=${company.id}&weekStart=2026-03-03`,
    );
    expect([tuesday.status, tuesday.body.message]).toEqual([400, WEEK_START_MONDAY]);
  });

  it("shows the office everyone's week and a technician only their own", async () => {
    const { company, owner, admin, employeeUser, employee } = await buildLinkedTenant();
    const colleague = await buildEmployee(company.id, { name: "Cole Colleague", initials: "CC" });
    await buildEntry(company.id, employee.id, "2026-03-02T08:00:00Z", "2026-03-02T12:00:00Z");
    await buildEntry(company.id, colleague.id, "2026-03-02T09:00:00Z", "2026-03-02T17:00:00Z");
    const path = `/api/timesheets?companyId=${company.id}&weekStart=2026-03-02`;
    for (const user of [owner, admin]) {
      const res = await (await agentFor(user)).get(path);
      expect(res.status).toBe(200);
      expect(
        res.body.map((sheet: { employeeId: string; totalMinutes: number }) => [
          sheet.employeeId,
          sheet.totalMinutes,
        ]),
      ).toEqual([
        [colleague.id, 480],
        [employee.id, 240],
      ]);
    }
    const technician = await agentFor(employeeUser);
    const own = await technician.get(path);
    expect(own.body.map((sheet: { employeeId: string }) => sheet.employeeId)).toEqual([employee.id]);
    const theirs = await technician.get(`${path}&employeeId=${colleague.id}`);
    expect([theirs.status, theirs.body.message]).toEqual([403, OWN_TIMESHEET_ONLY]);
    // An unlinked technician has no timesheet at all.
    const unlinked = await buildTenant();
    const none = await (await agentFor(unlinked.employeeUser)).get(
      `/api/timesheets?companyId=${unlinked.company.id}&weekStart=2026-03-02`,
    );
    expect([none.status, none.body]).toEqual([200, []]);
  });

  it("answers 404 for another company's employee", async () => {
    const { company, owner } = await buildLinkedTenant();
    const other = await buildTenant();
    const res = await (await agentFor(owner)).get(
      `/api/timesheets?companyId=${company.id}&weekStart=2026-03-02&employeeId=${other.employee.id}`,
    );
    expect(res.status).toBe(404);
  });
});

describe("GET /api/timesheets: real lengths in the company's time zone", () => {
  it("counts a day across midnight and across the spring daylight-saving change by what passed", async () => {
    const { company, owner, employee } = await buildLinkedTenant({ timeZone: "America/Chicago" });
    // Tue 3 Mar 20:00 to Wed 02:30 CST: 6.5 h, on Tuesday, the day it started.
    await buildEntry(company.id, employee.id, "2026-03-04T02:00:00Z", "2026-03-04T08:30:00Z");
    // Sat 7 Mar 22:00 CST to Sun 06:00 CDT: the clocks jump an hour, 7 h passed (not 8).
    await buildEntry(company.id, employee.id, "2026-03-08T04:00:00Z", "2026-03-08T11:00:00Z");
    const res = await (await agentFor(owner)).get(
      `/api/timesheets?companyId=${company.id}&weekStart=2026-03-02&employeeId=${employee.id}`,
    );
    const [sheet] = res.body;
    expect(dayOf(sheet, "2026-03-03").workedMinutes).toBe(390);
    expect(dayOf(sheet, "2026-03-04").workedMinutes).toBe(0);
    expect(dayOf(sheet, "2026-03-07").workedMinutes).toBe(420);
    expect(dayOf(sheet, "2026-03-08").workedMinutes).toBe(0);
    expect(sheet.totalMinutes).toBe(810);
  });

  it("counts a day across the autumn change (the clocks go back) by what passed", async () => {
    const { company, owner, employee } = await buildLinkedTenant({ timeZone: "America/Chicago" });
    // Sat 31 Oct 22:00 CDT to Sun 1 Nov 06:00 CST: 9 h passed, the wall clock says 8.
    await buildEntry(company.id, employee.id, "2026-11-01T03:00:00Z", "2026-11-01T12:00:00Z");
    const res = await (await agentFor(owner)).get(
      `/api/timesheets?companyId=${company.id}&weekStart=2026-10-26&employeeId=${employee.id}`,
    );
    expect(dayOf(res.body[0], "2026-10-31").workedMinutes).toBe(540);
  });
});

describe("GET /api/timesheets: flags and job time", () => {
  it("flags a forgotten clock-out (counting 0), job taps outside the clock, and splits job and between time", async () => {
    const { company, owner, employee } = await buildLinkedTenant();
    await buildEntry(company.id, employee.id, "2026-03-02T08:00:00Z", null);
    await buildEntry(company.id, employee.id, "2026-03-04T08:00:00Z", "2026-03-04T16:00:00Z");
    const tap = (jobId: string, kind: string, at: string) => ({
      companyId: company.id,
      employeeId: employee.id,
      jobId,
      kind,
      at: new Date(at),
    });
    const inside = crypto.randomUUID();
    const outside = crypto.randomUUID();
    await db
      .insert(jobTaps)
      .values([
        tap(inside, "on_my_way", "2026-03-04T08:30:00Z"),
        tap(inside, "start", "2026-03-04T09:00:00Z"),
        tap(inside, "complete", "2026-03-04T11:15:00Z"),
        tap(outside, "start", "2026-03-04T17:00:00Z"),
        tap(outside, "complete", "2026-03-04T18:00:00Z"),
      ]);
    const res = await (await agentFor(owner)).get(
      `/api/timesheets?companyId=${company.id}&weekStart=2026-03-02&employeeId=${employee.id}`,
    );
    const [sheet] = res.body;
    expect(dayOf(sheet, "2026-03-02")).toMatchObject({ workedMinutes: 0, flags: ["no_clock_out"] });
    expect(dayOf(sheet, "2026-03-02").entries[0].clockOut).toBeNull();
    expect(dayOf(sheet, "2026-03-04")).toMatchObject({
      workedMinutes: 480,
      jobMinutes: 135,
      betweenMinutes: 345,
      flags: ["job_outside_clock"],
    });
    expect(sheet).toMatchObject({ status: "open", version: 0, totalMinutes: 480, overtimeMinutes: 0 });
  });
});

describe("overtime", () => {
  it("counts the weekly limit (40 h by default) and, when set, the daily one first", async () => {
    const { company, owner, employee } = await buildLinkedTenant();
    // Five 9-hour days: 45 h.
    for (const date of ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"]) {
      await buildEntry(company.id, employee.id, `${date}T07:00:00Z`, `${date}T16:00:00Z`);
    }
    const agent = await agentFor(owner);
    const read = async () =>
      (
        await agent.get(
          `/api/timesheets?companyId=${company.id}&weekStart=2026-03-09&employeeId=${employee.id}`,
        )
      ).body[0];
    expect(await read()).toMatchObject({
      totalMinutes: 2700,
      overtimeMinutes: 300,
      dailyOvertimeMinutes: 0,
      weeklyOvertimeMinutes: 300,
    });

    const saved = await agent
      .put(`/api/companies/${company.id}/settings`)
      .send({ overtimeDailyMinutes: 420, overtimeWeeklyMinutes: 2100 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ overtimeDailyMinutes: 420, overtimeWeeklyMinutes: 2100 });
    // 2 h a day over 7 h (600), then the 2,100 regular minutes left reach the weekly 35 h (0 more).
    expect(await read()).toMatchObject({
      overtimeMinutes: 600,
      dailyOvertimeMinutes: 600,
      weeklyOvertimeMinutes: 0,
    });

    const weeklyOnly = await agent
      .put(`/api/companies/${company.id}/settings`)
      .send({ overtimeDailyMinutes: null });
    expect(weeklyOnly.body.overtimeDailyMinutes).toBeNull();
    expect(await read()).toMatchObject({
      overtimeMinutes: 600,
      dailyOvertimeMinutes: 0,
      weeklyOvertimeMinutes: 600,
    });
  });

  it("refuses overtime settings out of range with their messages", async () => {
    const { company, owner } = await buildLinkedTenant();
    const agent = await agentFor(owner);
    const cases: [object, string][] = [
      [{ overtimeWeeklyMinutes: 0 }, OVERTIME_WEEKLY_INVALID],
      [{ overtimeWeeklyMinutes: 2400.5 }, OVERTIME_WEEKLY_INVALID],
      [{ overtimeDailyMinutes: 1441 }, OVERTIME_DAILY_INVALID],
    ];
    for (const [body, message] of cases) {
      const res = await agent.put(`/api/companies/${company.id}/settings`).send(body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const settings = await agent.get(`/api/companies/${company.id}/settings`);
    expect(settings.body).toMatchObject({ overtimeWeeklyMinutes: 2400, overtimeDailyMinutes: null });
  });
});
