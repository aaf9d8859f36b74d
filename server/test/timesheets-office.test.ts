/**
 * The office's side of timesheets (docs/timesheets.md): corrections with their history,
 * approval that locks a week, the owner's reopening, the event after each change, and the
 * payroll CSV.
 */
import { db } from "@sched/core/db/client";
import { employees } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import {
  CLOCK_OUT_BEFORE_IN,
  CLOCK_OUT_FUTURE,
  CORRECTION_REASON_REQUIRED,
  ENTRY_OVERLAPS,
  TIME_ENTRY_NOT_FOUND,
  toDateString,
  WEEK_LOCKED,
  WEEK_NOT_APPROVED,
  weekStartOf,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";
import { buildEntry, buildLinkedTenant, hoursAgo } from "./timesheets-support";

const WEEK = "2026-03-02";
const fix = {
  clockIn: "2026-03-02T08:00:00.000Z",
  clockOut: "2026-03-02T16:30:00.000Z",
  reason: "Forgot to end the day",
};

describe("PUT /api/time-entries/:id", () => {
  it("corrects a forgotten clock-out for the office, keeping who, when, before, after and why", async () => {
    const { company, owner, admin, employeeUser, employee } = await buildLinkedTenant();
    const entry = await buildEntry(company.id, employee.id, "2026-03-02T08:00:00Z", null);
    const technician = await agentFor(employeeUser);
    const refused = await technician.put(`/api/time-entries/${entry.id}`).send({ ...fix, version: 1 });
    expect(refused.status).toBe(403);
    expect(
      (
        await anonymous()
          .put(`/api/time-entries/${entry.id}`)
          .send({ ...fix, version: 1 })
      ).status,
    ).toBe(401);

    const res = await (await agentFor(owner))
      .put(`/api/time-entries/${entry.id}`)
      .send({ ...fix, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: entry.id,
      employeeId: employee.id,
      clockIn: fix.clockIn,
      clockOut: fix.clockOut,
      version: 2,
    });

    const again = await (await agentFor(admin))
      .put(`/api/time-entries/${entry.id}`)
      .send({ ...fix, clockIn: "2026-03-02T07:45:00.000Z", reason: "Started at the depot", version: 2 });
    expect(again.status).toBe(200);

    const history = await technician.get(`/api/time-entries/${entry.id}/history`);
    expect(history.status).toBe(200);
    expect(
      history.body.map((change: { kind: string; reason: string | null; changedBy: string }) => [
        change.kind,
        change.reason,
        change.changedBy,
      ]),
    ).toEqual([
      ["corrected", "Forgot to end the day", "Olive Owner"],
      ["corrected", "Started at the depot", "Adam admin"],
    ]);
    expect(history.body[0].before).toEqual({ clockIn: fix.clockIn, clockOut: null });
    expect(history.body[0].after).toEqual({ clockIn: fix.clockIn, clockOut: fix.clockOut });

    const sheet = await (await agentFor(owner)).get(
      `/api/timesheets?companyId=${company.id}&weekStart=${WEEK}`,
    );
    expect(sheet.body[0].days[0]).toMatchObject({ workedMinutes: 525, flags: ["edited"] });
  });

  it("answers 409 stale on an old version, 404 across companies, and bad input with its message, changing nothing", async () => {
    const { company, owner, employee } = await buildLinkedTenant();
    const other = await buildTenant();
    const entry = await buildEntry(company.id, employee.id, "2026-03-02T08:00:00Z", null);
    await buildEntry(company.id, employee.id, "2026-03-03T08:00:00Z", "2026-03-03T12:00:00Z");
    const agent = await agentFor(owner);
    const put = (body: object) =>
      agent.put(`/api/time-entries/${entry.id}`).send({ ...fix, version: 1, ...body });

    const cases: [object, string][] = [
      [{ reason: "  " }, CORRECTION_REASON_REQUIRED],
      [{ clockOut: "2026-03-02T07:00:00.000Z" }, CLOCK_OUT_BEFORE_IN],
      [{ clockOut: new Date(Date.now() + 3_600_000).toISOString() }, CLOCK_OUT_FUTURE],
      [{ clockOut: "2026-03-03T09:00:00.000Z" }, ENTRY_OVERLAPS],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const stale = await put({ version: 7 });
    expect([stale.status, stale.body.code, stale.body.current.clockOut]).toEqual([409, "stale", null]);
    const foreign = await (await agentFor(other.owner))
      .put(`/api/time-entries/${entry.id}`)
      .send({ ...fix, version: 1 });
    expect([foreign.status, foreign.body.message]).toEqual([404, TIME_ENTRY_NOT_FOUND]);
    expect((await agent.get(`/api/time-entries/${entry.id}/history`)).body).toEqual([]);
  });
});

describe("approval", () => {
  it("locks the week (corrections and clock taps 409 locked) until the owner reopens it, kept in the history", async () => {
    const { company, owner, admin, employeeUser, employee } = await buildLinkedTenant();
    const entry = await buildEntry(company.id, employee.id, "2026-03-02T08:00:00Z", "2026-03-02T12:00:00Z");
    const week = { companyId: company.id, weekStart: WEEK, employeeId: employee.id };
    const technician = await agentFor(employeeUser);
    expect((await technician.post("/api/timesheets/approve").send({ ...week, version: 0 })).status).toBe(403);

    const office = await agentFor(admin);
    const approved = await office.post("/api/timesheets/approve").send({ ...week, version: 0 });
    expect([approved.status, approved.body]).toEqual([
      200,
      { employeeId: employee.id, weekStart: WEEK, status: "approved", version: 1 },
    ]);
    const sheet = await office.get(`/api/timesheets?companyId=${company.id}&weekStart=${WEEK}`);
    expect(sheet.body[0]).toMatchObject({ status: "approved", version: 1 });

    const locked = await office.put(`/api/time-entries/${entry.id}`).send({ ...fix, version: 1 });
    expect([locked.status, locked.body.code, locked.body.message]).toEqual([409, "locked", WEEK_LOCKED]);
    const stale = await office.post("/api/timesheets/approve").send({ ...week, version: 0 });
    expect([stale.status, stale.body.code]).toEqual([409, "stale"]);

    const adminReopen = await office.post("/api/timesheets/reopen").send({ ...week, version: 1 });
    expect(adminReopen.status).toBe(403);
    const reopened = await (await agentFor(owner))
      .post("/api/timesheets/reopen")
      .send({ ...week, version: 1 });
    expect(reopened.body).toMatchObject({ status: "open", version: 2 });
    const notApproved = await (await agentFor(owner))
      .post("/api/timesheets/reopen")
      .send({ ...week, version: 2 });
    expect([notApproved.status, notApproved.body.message]).toEqual([409, WEEK_NOT_APPROVED]);
    expect((await office.put(`/api/time-entries/${entry.id}`).send({ ...fix, version: 1 })).status).toBe(200);

    const history = await office.get(`/api/time-entries/${entry.id}/history`);
    expect(history.body.map((change: { kind: string }) => change.kind)).toEqual([
      "approved",
      "reopened",
      "corrected",
    ]);
  });

  it("refuses a clock tap into an approved week", async () => {
    const { company, owner, employeeUser, employee } = await buildLinkedTenant();
    const at = hoursAgo(1);
    const weekStart = weekStartOf(toDateString(new Date(at)));
    await (await agentFor(owner))
      .post("/api/timesheets/approve")
      .send({ companyId: company.id, weekStart, employeeId: employee.id, version: 0 });
    const res = await (await agentFor(employeeUser))
      .post("/api/time-clock")
      .send({ companyId: company.id, action: "in", at });
    expect([res.status, res.body.code]).toEqual([409, "locked"]);
  });

  it("answers 404 for another company's employee", async () => {
    const { company, owner } = await buildLinkedTenant();
    const other = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/timesheets/approve")
      .send({ companyId: company.id, weekStart: WEEK, employeeId: other.employee.id, version: 0 });
    expect(res.status).toBe(404);
  });

  it("announces each change to the company after it is saved", async () => {
    const gateway = await startGateway();
    try {
      const { company, owner, employeeUser, employee } = await buildLinkedTenant();
      const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
      const changed = nextEvent<{ employeeId: string; weekStart: string }>(socket, "timesheet.changed");
      await (await agentFor(employeeUser))
        .post("/api/time-clock")
        .send({ companyId: company.id, action: "in" });
      expect(await changed).toMatchObject({ companyId: company.id, employeeId: employee.id });
      const approved = nextEvent<{ weekStart: string }>(socket, "timesheet.changed");
      await (await agentFor(owner))
        .post("/api/timesheets/approve")
        .send({ companyId: company.id, weekStart: WEEK, employeeId: employee.id, version: 0 });
      expect(await approved).toEqual({ companyId: company.id, employeeId: employee.id, weekStart: WEEK });
      socket.close();
    } finally {
      await gateway.close();
    }
  });
});

describe("GET /api/timesheets.csv", () => {
  it("exports one row per person and day plus totals, formula-safe, for the office only", async () => {
    const { company, owner, employeeUser, employee } = await buildLinkedTenant();
    await db
      .update(employees)
      .set({ name: '=HYPERLINK("http://evil.test","Pat")' })
      .where(eq(employees.id, employee.id));
    await buildEntry(company.id, employee.id, "2026-03-02T08:00:00Z", "2026-03-02T15:30:00Z");
    await buildEntry(company.id, employee.id, "2026-03-03T08:00:00Z", null);
    const path = `/api/timesheets.csv?companyId=${company.id}&weekStart=${WEEK}`;
    expect((await (await agentFor(employeeUser)).get(path)).status).toBe(403);
    const res = await (await agentFor(owner)).get(path);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain(`timesheets-${WEEK}.csv`);
    const lines = res.text
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Employee,Date,Day,Clock in,Clock out,Worked (hours),Worked (h:mm),Jobs (hours),Between jobs (hours),Overtime (hours),Overtime (h:mm),Flags,Status",
    );
    const name = `"'=HYPERLINK(""http://evil.test"",""Pat"")"`;
    expect(lines.slice(1)).toEqual([
      `${name},2026-03-02,Monday,08:00,15:30,7.50,7:30,0.00,7.50,,,,open`,
      `${name},2026-03-03,Tuesday,08:00,,0.00,0:00,0.00,0.00,,,No clock-out,open`,
      `${name},Total,,,,7.50,7:30,0.00,7.50,0.00,0:00,,open`,
    ]);
  });
});
