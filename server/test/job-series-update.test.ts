/**
 * PUT /api/job-series/:id and GET /api/job-series/:id (docs/schedule.md):
 * a series changed from a date on. A new rule starts on that date and remakes the
 * occurrences from then on, keeping those on its dates; past, completed and detached ones
 * stay (detached unless includeDetached); other
 * fields change the reached occurrences where they are; 409 stale on an old version.
 */
import { createJobSeries, extendOpenSeries } from "@sched/core/commands/job-series";
import { SERIES_ENDED } from "@sched/core/commands/update-job-series";
import { db } from "@sched/core/db/client";
import { jobSeries, jobs } from "@sched/core/db/schema";
import { addDays, toDateString } from "@sched/core/lib/dates";
import { buildEmployee, buildTenant } from "@sched/core/test/factories";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const today = () => toDateString(new Date());

/** A weekly series whose first occurrence was `weeksBack` weeks ago. */
async function weeklySeries(weeksBack = 0) {
  const tenant = await buildTenant();
  const { company, owner, employee } = tenant;
  const start = addDays(today(), -7 * weeksBack);
  const made = await createJobSeries(
    { companyId: company.id, userId: owner.id, role: "owner", isReadOnly: false },
    {
      employeeId: employee.id,
      type: "Maintenance",
      location: "4 Elm St",
      description: null,
      time: "09:00",
      durationMinutes: 60,
      startDate: start,
      rrule: "FREQ=WEEKLY",
    },
    start,
  );
  if (weeksBack > 0) await extendOpenSeries();
  const agent = await agentFor(owner);
  return { ...tenant, agent, start, seriesId: made.id, rows: await occurrencesOf(made.id) };
}

const occurrencesOf = (seriesId: string) =>
  db.select().from(jobs).where(eq(jobs.seriesId, seriesId)).orderBy(asc(jobs.occurrenceDate));

const seriesRow = async (seriesId: string) =>
  (await db.select().from(jobSeries).where(eq(jobSeries.id, seriesId)))[0];

describe("PUT /api/job-series/:id", () => {
  it("a new rule remakes the occurrences from `from` on; past, completed and detached ones stay", async () => {
    const { agent, seriesId, rows, start } = await weeklySeries(2);
    // rows[0], rows[1] are past; rows[2] is today.
    await agent.put(`/api/jobs/${rows[4].id}`).send({ status: "completed" });
    await agent.put(`/api/jobs/${rows[6].id}`).send({ location: "Side door" });
    const from = rows[3].date as string;
    const res = await agent
      .put(`/api/job-series/${seriesId}`)
      .send({ rrule: "FREQ=WEEKLY;INTERVAL=2", time: "13:00", from, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: seriesId,
      rrule: "FREQ=WEEKLY;INTERVAL=2",
      time: "13:00",
      version: 2,
    });
    expect((await seriesRow(seriesId)).startDate).toBe(from);
    const after = await occurrencesOf(seriesId);
    const untouched = [rows[0], rows[1], rows[2], rows[4], rows[6]].map((row) => row.id);
    expect(after.find((row) => row.id === rows[2].id)?.time).toBe("09:00");
    expect(after.find((row) => row.id === rows[4].id)?.time).toBe("09:00");
    expect(after.find((row) => row.id === rows[6].id)?.location).toBe("Side door");
    // From `from` on, every second week counted from `from` (weeks 3, 5 ... 13), at the new
    // time; the occurrences already on those dates stay, with their ids.
    const following = after.filter((row) => !untouched.includes(row.id));
    expect(following.map((row) => row.date)).toEqual(
      [3, 5, 7, 9, 11, 13].map((week) => addDays(start, 7 * week)),
    );
    expect(following.map((row) => row.id)).toEqual([3, 5, 7, 9, 11, 13].map((week) => rows[week].id));
    expect(following.every((row) => row.time === "13:00" && row.version === 2)).toBe(true);
    // The even weeks the old rule made go, except the completed and the detached ones.
    expect(after.some((row) => [8, 10, 12, 14].some((week) => rows[week].id === row.id))).toBe(false);
  });

  it("the occurrence a new rule is set from stays, and the rule counts from it", async () => {
    // A weekly series; its second occurrence changed to every 2 weeks at 11:00, "this and following".
    const { agent, seriesId, rows } = await weeklySeries();
    const edited = rows[1];
    const res = await agent.put(`/api/job-series/${seriesId}`).send({
      rrule: "FREQ=WEEKLY;INTERVAL=2",
      time: "11:00",
      from: edited.date,
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ startDate: edited.date, rrule: "FREQ=WEEKLY;INTERVAL=2" });
    const after = await occurrencesOf(seriesId);
    expect(after.find((row) => row.id === edited.id)).toMatchObject({ date: edited.date, time: "11:00" });
    expect(after.map((row) => row.date)).toEqual([0, 1, 3, 5, 7, 9, 11].map((week) => rows[week].date));
    expect(after[0]).toMatchObject({ id: rows[0].id, time: "09:00" });
  });

  it("includeDetached remakes detached occurrences too", async () => {
    const { agent, seriesId, rows } = await weeklySeries();
    await agent.put(`/api/jobs/${rows[3].id}`).send({ location: "Side door" });
    const res = await agent
      .put(`/api/job-series/${seriesId}`)
      .send({ rrule: "FREQ=WEEKLY;INTERVAL=3", from: rows[1].date, version: 1, includeDetached: true });
    expect(res.status).toBe(200);
    const after = await occurrencesOf(seriesId);
    expect(after.some((row) => row.location === "Side door")).toBe(false);
    // Every third week from `from` (week 1); week 0 is before it.
    expect(after.map((row) => row.occurrenceDate)).toEqual(
      [0, 1, 4, 7, 10].map((week) => addDays(rows[0].date as string, 7 * week)),
    );
  });

  it("other fields change the reached occurrences where they are, ids kept", async () => {
    const { agent, seriesId, rows, company } = await weeklySeries();
    const other = await buildEmployee(company.id);
    const res = await agent
      .put(`/api/job-series/${seriesId}`)
      .send({ location: "Back yard", employeeId: other.id, from: rows[5].date, version: 1 });
    expect(res.status).toBe(200);
    const after = await occurrencesOf(seriesId);
    expect(after.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(after.map((row) => row.location)).toEqual([
      ...Array(5).fill("4 Elm St"),
      ...Array(8).fill("Back yard"),
    ]);
    expect(after.slice(5).every((row) => row.employeeId === other.id && row.version === 2)).toBe(true);
    expect(await seriesRow(seriesId)).toMatchObject({ location: "Back yard", employeeId: other.id });
  });

  it("a `from` in the past means today: past occurrences stay", async () => {
    const { agent, seriesId, rows } = await weeklySeries(2);
    const res = await agent
      .put(`/api/job-series/${seriesId}`)
      .send({ location: "Back yard", from: rows[0].date, version: 1 });
    expect(res.status).toBe(200);
    const after = await occurrencesOf(seriesId);
    expect(after.slice(0, 2).map((row) => row.location)).toEqual(["4 Elm St", "4 Elm St"]);
    expect(after.slice(2).every((row) => row.location === "Back yard")).toBe(true);
  });

  it("answers 409 stale on an old version and changes nothing", async () => {
    const { agent, seriesId, rows } = await weeklySeries();
    await agent.put(`/api/job-series/${seriesId}`).send({ time: "10:00", from: today(), version: 1 });
    const stale = await agent
      .put(`/api/job-series/${seriesId}`)
      .send({ rrule: "FREQ=MONTHLY;BYMONTHDAY=1", from: today(), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale" });
    expect((await seriesRow(seriesId)).rrule).toBe("FREQ=WEEKLY");
    expect((await occurrencesOf(seriesId)).map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });

  it("answers 400 with the field's message, and changes nothing", async () => {
    const { agent, seriesId } = await weeklySeries();
    const cases: [object, string][] = [
      [{ version: 1 }, "From is required"],
      [{ from: today() }, "Version is required"],
      [{ from: "2026-02-30", version: 1 }, "From must be a real calendar date between 1900 and 2999"],
      [{ from: today(), version: 1, rrule: "FREQ=DAILY" }, "Repeat rule FREQ must be WEEKLY or MONTHLY"],
      [{ from: today(), version: 1, time: "25:00" }, "Time must be HH:mm"],
    ];
    for (const [body, message] of cases) {
      const res = await agent.put(`/api/job-series/${seriesId}`).send(body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await seriesRow(seriesId)).version).toBe(1);
  });

  it("refuses an ended series", async () => {
    const { agent, seriesId } = await weeklySeries();
    expect((await agent.delete(`/api/job-series/${seriesId}`)).status).toBe(204);
    const { version } = await seriesRow(seriesId);
    const res = await agent
      .put(`/api/job-series/${seriesId}`)
      .send({ time: "10:00", from: today(), version });
    expect([res.status, res.body.message]).toEqual([400, SERIES_ENDED]);
  });

  it("401 signed out, 403 for the employee role, 404 across companies", async () => {
    const { seriesId, employeeUser } = await weeklySeries();
    const body = { time: "10:00", from: today(), version: 1 };
    expect((await anonymous().put(`/api/job-series/${seriesId}`).send(body)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).put(`/api/job-series/${seriesId}`).send(body)).status).toBe(
      403,
    );
    const other = await buildTenant();
    const foreign = await agentFor(other.owner);
    expect((await foreign.put(`/api/job-series/${seriesId}`).send(body)).status).toBe(404);
    expect((await foreign.get(`/api/job-series/${seriesId}`)).status).toBe(404);
    expect((await seriesRow(seriesId)).version).toBe(1);
  });
});

describe("GET /api/job-series/:id", () => {
  it("answers the rule and version to every member", async () => {
    const { agent, seriesId, employeeUser } = await weeklySeries();
    const res = await agent.get(`/api/job-series/${seriesId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: seriesId, rrule: "FREQ=WEEKLY", version: 1, shiftDays: 0 });
    expect((await (await agentFor(employeeUser)).get(`/api/job-series/${seriesId}`)).status).toBe(200);
  });
});

describe("a date change for this and following / all", () => {
  it("following moves every later occurrence by the same days, those made later too", async () => {
    const { agent, seriesId, rows } = await weeklySeries();
    const moved = addDays(rows[4].date as string, 2);
    const res = await agent.put(`/api/jobs/${rows[4].id}?scope=following`).send({ date: moved, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: moved, isDetached: false });
    const after = await occurrencesOf(seriesId);
    expect(after.map((row) => row.date)).toEqual(
      rows.map((row, index) => addDays(row.date as string, index >= 4 ? 2 : 0)),
    );
    expect((await seriesRow(seriesId)).shiftDays).toBe(2);
    // The sweep makes the next one two days after its rule date too.
    await db
      .update(jobSeries)
      .set({ generatedUntil: addDays(today(), 77) })
      .where(eq(jobSeries.id, seriesId));
    await db.delete(jobs).where(eq(jobs.id, after.at(-1)?.id ?? ""));
    await extendOpenSeries();
    expect((await occurrencesOf(seriesId)).at(-1)).toMatchObject({
      occurrenceDate: addDays(today(), 84),
      date: addDays(today(), 86),
    });
  });

  it("all moves the occurrences from today on, keeps past ones", async () => {
    const { agent, seriesId, rows } = await weeklySeries(1);
    const res = await agent
      .put(`/api/jobs/${rows[5].id}?scope=all`)
      .send({ date: addDays(rows[5].date as string, -1) });
    expect(res.status).toBe(200);
    const after = await occurrencesOf(seriesId);
    expect(after.map((row) => row.date)).toEqual(
      rows.map((row, index) => addDays(row.date as string, index >= 1 ? -1 : 0)),
    );
  });
});
