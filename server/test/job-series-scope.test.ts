/**
 * Editing and deleting occurrences of a recurring job with a scope (docs/schedule.md):
 * this / following / all, detached occurrences kept unless asked,
 * past ones kept by "all", the version check on the edited occurrence, and
 * DELETE /api/job-series/:id keeping the past.
 */
import { createJobSeries, extendOpenSeries } from "@sched/core/commands/job-series";
import { UNSCHEDULE_ONE_ONLY } from "@sched/core/commands/series-scope";
import { db } from "@sched/core/db/client";
import { jobSeries, jobs } from "@sched/core/db/schema";
import { addDays, toDateString } from "@sched/core/lib/dates";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const today = () => toDateString(new Date());

/** A weekly series whose first occurrence was `weeksBack` weeks ago: 13 + weeksBack occurrences. */
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
  // Made weeks ago: today's sweep brought it to the horizon.
  if (weeksBack > 0) await extendOpenSeries();
  const agent = await agentFor(owner);
  return { ...tenant, agent, seriesId: made.id, rows: await occurrencesOf(made.id) };
}

const occurrencesOf = (seriesId: string) =>
  db.select().from(jobs).where(eq(jobs.seriesId, seriesId)).orderBy(asc(jobs.occurrenceDate));

const seriesRow = async (seriesId: string) =>
  (await db.select().from(jobSeries).where(eq(jobSeries.id, seriesId)))[0];

describe("PUT /api/jobs/:id with a scope", () => {
  it("this (the default) changes one occurrence and detaches it; a status change does not", async () => {
    const { agent, seriesId, rows } = await weeklySeries();
    const res = await agent.put(`/api/jobs/${rows[2].id}`).send({ location: "Side door", version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ location: "Side door", isDetached: true, seriesId, version: 2 });
    const progress = await agent.put(`/api/jobs/${rows[3].id}?scope=this`).send({ status: "in_progress" });
    expect(progress.body.isDetached).toBe(false);
    const after = await occurrencesOf(seriesId);
    expect(after.filter((row) => row.location === "Side door").map((row) => row.id)).toEqual([rows[2].id]);
    expect((await seriesRow(seriesId)).location).toBe("4 Elm St");
  });

  it("following changes the series and the later occurrences, keeping detached ones and earlier ones", async () => {
    const { agent, seriesId, rows } = await weeklySeries();
    await agent.put(`/api/jobs/${rows[6].id}`).send({ location: "Side door" });
    const res = await agent
      .put(`/api/jobs/${rows[4].id}?scope=following`)
      .send({ time: "11:00", location: "Back yard", status: "in_progress", version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      time: "11:00",
      location: "Back yard",
      status: "in_progress",
      isDetached: false,
    });
    const after = await occurrencesOf(seriesId);
    expect(after.map((row) => row.time)).toEqual([
      ...Array(4).fill("09:00"),
      ...Array(2).fill("11:00"),
      "09:00",
      ...Array(6).fill("11:00"),
    ]);
    expect(after[6].location).toBe("Side door");
    // The status was the edited occurrence's own.
    expect(after.filter((row) => row.status === "in_progress").map((row) => row.id)).toEqual([rows[4].id]);
    expect(after[5].version).toBe(2);
    expect(await seriesRow(seriesId)).toMatchObject({ time: "11:00", location: "Back yard", version: 2 });
  });

  it("following with includeDetached overwrites occurrences changed on their own too", async () => {
    const { agent, seriesId, rows } = await weeklySeries();
    await agent.put(`/api/jobs/${rows[6].id}`).send({ location: "Side door" });
    const res = await agent
      .put(`/api/jobs/${rows[1].id}?scope=following&includeDetached=true`)
      .send({ location: "Back yard" });
    expect(res.status).toBe(200);
    const after = await occurrencesOf(seriesId);
    expect(after.map((row) => row.location)).toEqual(["4 Elm St", ...Array(12).fill("Back yard")]);
  });

  it("all changes the occurrences from today on and leaves past ones as they were", async () => {
    const { agent, seriesId, rows, company } = await weeklySeries(2);
    const other = await buildEmployee(company.id);
    expect(rows).toHaveLength(15);
    const res = await agent.put(`/api/jobs/${rows[8].id}?scope=all`).send({ employeeId: other.id });
    expect(res.status).toBe(200);
    const after = await occurrencesOf(seriesId);
    expect(after.slice(0, 2).every((row) => row.employeeId !== other.id)).toBe(true);
    expect(after.slice(2).every((row) => row.employeeId === other.id)).toBe(true);
    expect((await seriesRow(seriesId)).employeeId).toBe(other.id);
    // Occurrences still to be made follow the series.
    await db
      .update(jobSeries)
      .set({ generatedUntil: addDays(today(), 77) })
      .where(eq(jobSeries.id, seriesId));
    await db.delete(jobs).where(eq(jobs.id, after.at(-1)?.id ?? ""));
    await extendOpenSeries();
    expect((await occurrencesOf(seriesId)).at(-1)).toMatchObject({
      employeeId: other.id,
      date: addDays(today(), 84),
    });
  });

  it("checks the version of the edited occurrence: a stale save changes nothing", async () => {
    const { agent, seriesId, rows } = await weeklySeries();
    await agent.put(`/api/jobs/${rows[3].id}`).send({ status: "in_progress" });
    const stale = await agent
      .put(`/api/jobs/${rows[3].id}?scope=following`)
      .send({ time: "11:00", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale");
    expect((await occurrencesOf(seriesId)).every((row) => row.time === "09:00")).toBe(true);
    expect((await seriesRow(seriesId)).time).toBe("09:00");
  });

  it("refuses series-wide changes to the employee role, unscheduling many, and a bad scope", async () => {
    const { agent, seriesId, rows, employeeUser } = await weeklySeries();
    const asEmployee = await (await agentFor(employeeUser))
      .put(`/api/jobs/${rows[1].id}?scope=all`)
      .send({ status: "completed" });
    expect(asEmployee.status).toBe(403);
    const unschedule = await agent
      .put(`/api/jobs/${rows[1].id}?scope=following`)
      .send({ employeeId: null, date: null, time: null });
    expect([unschedule.status, unschedule.body.message]).toEqual([400, UNSCHEDULE_ONE_ONLY]);
    const bad = await agent.put(`/api/jobs/${rows[1].id}?scope=every`).send({ time: "10:00" });
    expect([bad.status, bad.body.message]).toEqual([400, "Scope must be this, following or all"]);
    expect(
      (await occurrencesOf(seriesId)).every((row) => row.time === "09:00" && row.status === "scheduled"),
    ).toBe(true);
  });

  it("a job outside any series ignores the scope", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const res = await (await agentFor(owner))
      .put(`/api/jobs/${job.id}?scope=all`)
      .send({ location: "Elsewhere" });
    expect(res.body).toMatchObject({ location: "Elsewhere", seriesId: null, isDetached: false });
    expect((await (await agentFor(owner)).delete(`/api/jobs/${job.id}?scope=following`)).status).toBe(204);
  });
});

describe("DELETE /api/jobs/:id with a scope", () => {
  it("this deletes one occurrence; following deletes the later ones but detached, and ends the series", async () => {
    const { agent, seriesId, rows } = await weeklySeries();
    expect((await agent.delete(`/api/jobs/${rows[1].id}`)).status).toBe(204);
    await agent.put(`/api/jobs/${rows[9].id}`).send({ time: "15:00" });
    expect((await agent.delete(`/api/jobs/${rows[5].id}?scope=following`)).status).toBe(204);
    const left = (await occurrencesOf(seriesId)).map((row) => row.id);
    expect(left).toEqual([rows[0].id, rows[2].id, rows[3].id, rows[4].id, rows[9].id]);
    expect((await seriesRow(seriesId)).endedAt).not.toBeNull();
  });

  it("all with includeDetached deletes every occurrence from today on, keeps past ones", async () => {
    const { agent, seriesId, rows } = await weeklySeries(1);
    await agent.put(`/api/jobs/${rows[9].id}`).send({ time: "15:00" });
    const res = await agent.delete(`/api/jobs/${rows[4].id}?scope=all&includeDetached=true`);
    expect(res.status).toBe(204);
    expect((await occurrencesOf(seriesId)).map((row) => row.id)).toEqual([rows[0].id]);
  });

  it("answers 403 to the employee role and 404 across companies", async () => {
    const { rows, employeeUser } = await weeklySeries();
    const other = await buildTenant();
    expect((await (await agentFor(employeeUser)).delete(`/api/jobs/${rows[1].id}?scope=all`)).status).toBe(
      403,
    );
    expect((await (await agentFor(other.owner)).delete(`/api/jobs/${rows[1].id}?scope=all`)).status).toBe(
      404,
    );
  });
});

describe("DELETE /api/job-series/:id", () => {
  it("removes the occurrences from today on, keeps past and completed ones, and ends the series", async () => {
    const { agent, seriesId, rows } = await weeklySeries(2);
    await agent.put(`/api/jobs/${rows[6].id}`).send({ status: "completed" });
    expect((await agent.delete(`/api/job-series/${seriesId}`)).status).toBe(204);
    expect((await occurrencesOf(seriesId)).map((row) => row.id)).toEqual([
      rows[0].id,
      rows[1].id,
      rows[6].id,
    ]);
    const series = await seriesRow(seriesId);
    expect(series.endedAt).not.toBeNull();
    await extendOpenSeries();
    expect(await occurrencesOf(seriesId)).toHaveLength(3);
    // Again: nothing left to remove, still 204.
    expect((await agent.delete(`/api/job-series/${seriesId}`)).status).toBe(204);
  });

  it("answers 403 to the employee role and 404 to another company or an unknown id", async () => {
    const { seriesId, employeeUser } = await weeklySeries();
    const other = await buildTenant();
    expect((await (await agentFor(employeeUser)).delete(`/api/job-series/${seriesId}`)).status).toBe(403);
    const foreign = await (await agentFor(other.owner)).delete(`/api/job-series/${seriesId}`);
    expect([foreign.status, foreign.body.message]).toEqual([404, "Recurring job not found"]);
    expect((await (await agentFor(other.owner)).delete("/api/job-series/nope")).status).toBe(404);
    expect((await seriesRow(seriesId)).endedAt).toBeNull();
  });
});
