/**
 * Recurring jobs (docs/schedule.md): creating a series, its rule's
 * checks, roles and tenancy, and the daily extension to the 12-week horizon, run twice.
 * Scoped edits and deletes: job-series-scope.test.ts.
 */
import { randomUUID } from "node:crypto";
import { CUSTOMER_NOT_IN_COMPANY } from "@sched/core/commands/customer-links";
import {
  createJobSeries,
  extendOpenSeries,
  START_TOO_EARLY,
  UNTIL_BEFORE_START,
} from "@sched/core/commands/job-series";
import { EMPLOYEE_NOT_IN_COMPANY } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { customers, jobSeries, jobs, weeklySchedules } from "@sched/core/db/schema";
import { addDays, toDateString } from "@sched/core/lib/dates";
import { buildEmployee, buildTenant } from "@sched/core/test/factories";
import { RRULE_MESSAGES } from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const today = () => toDateString(new Date());

const seriesFor = (employeeId: string, companyId: string, changes: Record<string, unknown> = {}) => ({
  companyId,
  employeeId,
  type: "Maintenance" as const,
  location: "Boiler room, 4 Elm St",
  time: "09:00",
  durationMinutes: 90,
  startDate: today(),
  rrule: "FREQ=WEEKLY",
  ...changes,
});

const occurrencesOf = (seriesId: string) =>
  db.select().from(jobs).where(eq(jobs.seriesId, seriesId)).orderBy(asc(jobs.occurrenceDate));

/** Every `step` days from `start` to `end`, inclusive. */
function everyDays(start: string, end: string, step: number): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, step)) dates.push(date);
  return dates;
}

describe("POST /api/job-series", () => {
  it("makes the occurrences 12 weeks ahead as ordinary jobs and answers 201 {id, created}", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const [customer] = await db
      .insert(customers)
      .values({ companyId: company.id, name: "Ada Boiler" })
      .returning();
    const res = await agent
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { customerId: customer.id }));
    expect(res.status).toBe(201);
    const expected = everyDays(today(), addDays(today(), 84), 7);
    expect(res.body).toEqual({ id: expect.any(String), created: expected.length });
    const rows = await occurrencesOf(res.body.id);
    expect(rows.map((row) => row.date)).toEqual(expected);
    expect(rows.map((row) => row.occurrenceDate)).toEqual(expected);
    expect(rows[0]).toMatchObject({
      employeeId: employee.id,
      type: "Maintenance",
      time: "09:00",
      durationMinutes: 90,
      customerId: customer.id,
      isDetached: false,
      status: "scheduled",
    });
    const [series] = await db.select().from(jobSeries).where(eq(jobSeries.id, res.body.id));
    expect(series).toMatchObject({
      rrule: "FREQ=WEEKLY",
      generatedUntil: addDays(today(), 84),
      endedAt: null,
    });
    // The board lists them like any job, marked with their series.
    const list = await agent.get(`/api/jobs?companyId=${company.id}&startDate=${today()}&endDate=${today()}`);
    expect(list.body).toEqual([
      expect.objectContaining({ seriesId: res.body.id, occurrenceDate: today(), isDetached: false }),
    ]);
    // Each week they land in has its history row.
    const weeks = await db.select().from(weeklySchedules).where(eq(weeklySchedules.companyId, company.id));
    expect(weeks.length).toBeGreaterThanOrEqual(12);
  });

  it("carries the customer's e-mail and phone to every occurrence, and edits of them follow the scope", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const contact = { customerEmail: "ada@example.com", customerPhone: "(555) 201-4433" };
    const res = await agent.post("/api/job-series").send(seriesFor(employee.id, company.id, contact));
    expect(res.status).toBe(201);
    const seriesId = res.body.id;
    const rows = await occurrencesOf(seriesId);
    expect(rows.every((row) => row.customerEmail === contact.customerEmail)).toBe(true);
    expect(rows.every((row) => row.customerPhone === contact.customerPhone)).toBe(true);
    // The board and its CSV export read the jobs list: each occurrence has the contact.
    const end = addDays(today(), 84);
    const list = await agent.get(`/api/jobs?companyId=${company.id}&startDate=${today()}&endDate=${end}`);
    expect(list.body).toHaveLength(rows.length);
    for (const job of list.body) expect(job).toMatchObject(contact);
    expect((await agent.get(`/api/job-series/${seriesId}`)).body).toMatchObject(contact);

    // "This and following" from the fourth: the later ones and the series take the new phone.
    const phone = "(555) 999-0000";
    const following = await agent
      .put(`/api/jobs/${rows[3].id}?scope=following`)
      .send({ customerPhone: phone, version: 1 });
    expect(following.status).toBe(200);
    const afterFollowing = await occurrencesOf(seriesId);
    expect(afterFollowing.map((row) => row.customerPhone)).toEqual(
      rows.map((_row, index) => (index >= 3 ? phone : contact.customerPhone)),
    );
    // "This job" alone: that occurrence only, changed on its own.
    const own = await agent.put(`/api/jobs/${rows[5].id}`).send({ customerEmail: "", version: 2 });
    expect(own.body).toMatchObject({ customerEmail: null, isDetached: true });
    // A series-wide change from a date on reaches the others, not the one changed on its own.
    const email = "ada.boiler@example.com";
    const wide = await agent
      .put(`/api/job-series/${seriesId}`)
      .send({ customerEmail: email, from: rows[4].date, version: 2 });
    expect(wide.status).toBe(200);
    const last = await occurrencesOf(seriesId);
    expect(last.map((row) => row.customerEmail)).toEqual(
      rows.map((_row, index) => (index === 5 ? null : index >= 4 ? email : contact.customerEmail)),
    );
    // Occurrences the sweep makes later carry the series' contact as it is now.
    await db
      .update(jobSeries)
      .set({ generatedUntil: addDays(today(), 77) })
      .where(eq(jobSeries.id, seriesId));
    await db.delete(jobs).where(eq(jobs.id, last.at(-1)?.id ?? ""));
    await extendOpenSeries();
    expect((await occurrencesOf(seriesId)).at(-1)).toMatchObject({
      customerEmail: email,
      customerPhone: phone,
    });
  });

  it("refuses a customer e-mail that is not one, and makes nothing", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const res = await agent
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { customerEmail: "not an e-mail" }));
    expect([res.status, res.body.message]).toEqual([400, "Invalid email address"]);
    expect(await db.select().from(jobSeries).where(eq(jobSeries.companyId, company.id))).toHaveLength(0);
  });

  it("follows INTERVAL, BYDAY, BYMONTHDAY and COUNT, normalising the stored rule", async () => {
    const { company, admin, employee } = await buildTenant();
    const agent = await agentFor(admin);
    const start = "2099-01-05"; // beyond the horizon: nothing made yet
    const later = await agent
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { startDate: start, rrule: "rrule:freq=weekly;byday=mo,th" }));
    expect(later.status).toBe(201);
    expect(later.body.created).toBe(0);
    const [stored] = await db.select().from(jobSeries).where(eq(jobSeries.id, later.body.id));
    expect(stored.rrule).toBe("FREQ=WEEKLY;BYDAY=MO,TH");

    const counted = await agent
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { rrule: "FREQ=WEEKLY;INTERVAL=2;COUNT=3" }));
    expect(counted.body.created).toBe(3);
    expect((await occurrencesOf(counted.body.id)).map((row) => row.date)).toEqual([
      today(),
      addDays(today(), 14),
      addDays(today(), 28),
    ]);

    const monthly = await agent
      .post("/api/job-series")
      .send(
        seriesFor(employee.id, company.id, { startDate: "2026-01-01", rrule: "FREQ=MONTHLY;BYMONTHDAY=15" }),
      );
    // 2026-01-01 is long past: refused before anything is made.
    expect(monthly.status).toBe(400);
    const thisMonth = await agent
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { rrule: "FREQ=MONTHLY;BYMONTHDAY=1,15" }));
    const dates = (await occurrencesOf(thisMonth.body.id)).map((row) => row.date);
    expect(dates.length).toBeGreaterThanOrEqual(5);
    expect(dates.every((date) => date?.endsWith("-01") || date?.endsWith("-15"))).toBe(true);
  });

  it.each([
    ["FREQ=DAILY", RRULE_MESSAGES.freq],
    ["FREQ=WEEKLY;BYHOUR=9", RRULE_MESSAGES.unsupported("BYHOUR")],
    ["FREQ=WEEKLY;INTERVAL=abc", RRULE_MESSAGES.interval],
    ["FREQ=WEEKLY;INTERVAL=0", RRULE_MESSAGES.interval],
    ["FREQ=WEEKLY;BYDAY=XX", RRULE_MESSAGES.byDay],
    ["FREQ=WEEKLY;BYDAY=1MO", RRULE_MESSAGES.byDayOrdinal],
    ["FREQ=WEEKLY;BYMONTHDAY=3", RRULE_MESSAGES.byMonthDayWeekly],
    ["FREQ=MONTHLY;BYMONTHDAY=32", RRULE_MESSAGES.byMonthDay],
    ["FREQ=WEEKLY;COUNT=2;UNTIL=20991231", RRULE_MESSAGES.countAndUntil],
    ["FREQ=WEEKLY;UNTIL=20990231", RRULE_MESSAGES.until],
    ["FREQ=WEEKLY;COUNT=0", RRULE_MESSAGES.count],
    ["DTSTART:20261123T000000Z\nRRULE:FREQ=WEEKLY", RRULE_MESSAGES.dtstart],
    ["FREQ=WEEKLY;FREQ=MONTHLY", RRULE_MESSAGES.repeated("FREQ")],
    ["weekly", RRULE_MESSAGES.malformed],
    ["", RRULE_MESSAGES.required],
  ])("refuses the rule %j with 400 naming what is wrong, making nothing", async (rrule, message) => {
    const { company, owner, employee } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { rrule }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", message, errors: [{ path: "rrule", message }] });
    expect(await db.select().from(jobSeries).where(eq(jobSeries.companyId, company.id))).toEqual([]);
  });

  it("refuses an UNTIL before the start, a start more than 12 weeks back and missing fields", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const until = await agent
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { rrule: "FREQ=WEEKLY;UNTIL=20000101" }));
    expect([until.status, until.body.message]).toEqual([400, UNTIL_BEFORE_START]);
    const early = await agent
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { startDate: addDays(today(), -85) }));
    expect([early.status, early.body.message]).toEqual([400, START_TOO_EARLY]);
    const missing = await agent.post("/api/job-series").send({ companyId: company.id, rrule: "FREQ=WEEKLY" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(["employeeId", "type", "location", "time", "startDate"]),
    );
    expect(await db.select().from(jobs).where(eq(jobs.companyId, company.id))).toEqual([]);
  });

  it("answers 401 signed out, 403 to the employee role and to non-members, 400 for another company's employee", async () => {
    const { company, owner, employee, employeeUser } = await buildTenant();
    const other = await buildTenant();
    const body = seriesFor(employee.id, company.id);
    expect((await anonymous().post("/api/job-series").send(body)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).post("/api/job-series").send(body)).status).toBe(403);
    expect((await (await agentFor(other.owner)).post("/api/job-series").send(body)).status).toBe(403);
    const foreign = await (await agentFor(other.owner))
      .post("/api/job-series")
      .send(seriesFor(employee.id, other.company.id));
    expect([foreign.status, foreign.body.message]).toEqual([400, EMPLOYEE_NOT_IN_COMPANY]);
    const [theirs] = await db
      .insert(customers)
      .values({ companyId: other.company.id, name: "Theirs" })
      .returning();
    const foreignCustomer = await (await agentFor(owner))
      .post("/api/job-series")
      .send(seriesFor(employee.id, company.id, { customerId: theirs.id }));
    expect([foreignCustomer.status, foreignCustomer.body.message]).toEqual([400, CUSTOMER_NOT_IN_COMPANY]);
    expect(await db.select().from(jobs).where(eq(jobs.companyId, company.id))).toEqual([]);
  });

  it("makes one series for a repeated Idempotency-Key", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const key = randomUUID();
    const body = seriesFor(employee.id, company.id);
    const first = await agent.post("/api/job-series").set("Idempotency-Key", key).send(body);
    const again = await agent.post("/api/job-series").set("Idempotency-Key", key).send(body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await db.select().from(jobSeries).where(eq(jobSeries.companyId, company.id))).toHaveLength(1);
  });
});

describe("extending series to the horizon", () => {
  it("makes the missing occurrences once: running it twice creates nothing the second time", async () => {
    const { company, owner } = await buildTenant();
    const employee = await buildEmployee(company.id);
    const member = { companyId: company.id, userId: owner.id, role: "owner" as const, isReadOnly: false };
    // Made two weeks ago: its horizon then ended two weeks before today's.
    const made = await createJobSeries(
      member,
      { ...seriesFor(employee.id, company.id, { startDate: addDays(today(), -14) }), description: null },
      addDays(today(), -14),
    );
    expect(made.created).toBe(13);
    await extendOpenSeries();
    const extended = await occurrencesOf(made.id);
    expect(extended).toHaveLength(15);
    expect(extended[0].date).toBe(addDays(today(), -14));
    expect(extended.at(-1)?.date).toBe(addDays(today(), 84));
    await extendOpenSeries();
    expect(await occurrencesOf(made.id)).toHaveLength(15);
    const [series] = await db.select().from(jobSeries).where(eq(jobSeries.id, made.id));
    expect(series.generatedUntil).toBe(addDays(today(), 84));
  });

  it("never brings back an occurrence deleted on its own, and an ended series grows no more", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const member = { companyId: company.id, userId: owner.id, role: "owner" as const, isReadOnly: false };
    const made = await createJobSeries(
      member,
      { ...seriesFor(employee.id, company.id), description: null },
      addDays(today(), -7),
    );
    const [first] = await occurrencesOf(made.id);
    expect((await agent.delete(`/api/jobs/${first.id}`)).status).toBe(204);
    await extendOpenSeries();
    const rows = await occurrencesOf(made.id);
    expect(rows.map((row) => row.id)).not.toContain(first.id);
    expect(rows.at(-1)?.date).toBe(addDays(today(), 84));

    const ended = await createJobSeries(
      member,
      { ...seriesFor(employee.id, company.id), description: null },
      addDays(today(), -7),
    );
    await db.update(jobSeries).set({ endedAt: new Date() }).where(eq(jobSeries.id, ended.id));
    await extendOpenSeries();
    const endedRows = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.seriesId, ended.id), eq(jobs.date, addDays(today(), 84))));
    expect(endedRows).toEqual([]);
  });
});
