import { ensureWeeklySchedule } from "@sched/core/commands/ensure-weekly-schedule";
import { db } from "@sched/core/db/client";
import { weeklySchedules } from "@sched/core/db/schema";
import { addDays, toDateString, weekStartOf } from "@sched/core/lib/dates";
import { buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

async function buildWeek(companyId: string, weekStartDate: string, name = `Week ${weekStartDate}`) {
  const [row] = await db
    .insert(weeklySchedules)
    .values({ companyId, weekStartDate, weekEndDate: addDays(weekStartDate, 6), name })
    .returning();
  return row;
}

describe("GET /api/weekly-schedules", () => {
  it("answers 401 signed out, 403 to a non-member or a technician, and the company's weeks newest first to the office", async () => {
    const { company, admin, employeeUser } = await buildTenant();
    const other = await buildTenant();
    await buildWeek(company.id, "2026-11-16");
    await buildWeek(company.id, "2026-11-30");
    await buildWeek(company.id, "2026-11-23");
    await buildWeek(other.company.id, "2026-11-23");
    expect((await anonymous().get(`/api/weekly-schedules?companyId=${company.id}`)).status).toBe(401);
    // History is the office's screen (docs/my-day.md).
    expect(
      (await (await agentFor(employeeUser)).get(`/api/weekly-schedules?companyId=${company.id}`)).status,
    ).toBe(403);
    const agent = await agentFor(admin);
    const missing = await agent.get("/api/weekly-schedules");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Company id is required");
    const res = await agent.get(`/api/weekly-schedules?companyId=${company.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((w: { weekStartDate: string }) => w.weekStartDate)).toEqual([
      "2026-11-30",
      "2026-11-23",
      "2026-11-16",
    ]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      companyId: company.id,
      weekStartDate: "2026-11-30",
      weekEndDate: "2026-12-06",
      name: "Week 2026-11-30",
      isArchived: false,
      createdAt: expect.any(String),
      version: 1,
    });
    expect((await agent.get(`/api/weekly-schedules?companyId=${other.company.id}`)).status).toBe(403);
  });
});

describe("PUT /api/weekly-schedules/:id", () => {
  it("renames for owners and admins; 401, 400, 403 for employees, 404 across companies", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const other = await buildTenant();
    const week = await buildWeek(company.id, "2026-11-23");
    const theirs = await buildWeek(other.company.id, "2026-11-23");
    const url = `/api/weekly-schedules/${week.id}`;
    expect((await anonymous().put(url).send({ name: "X" })).status).toBe(401);
    expect((await (await agentFor(employeeUser)).put(url).send({ name: "X" })).status).toBe(403);
    const agent = await agentFor(owner);
    const blank = await agent.put(url).send({ name: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Name is required");
    const foreign = await agent.put(`/api/weekly-schedules/${theirs.id}`).send({ name: "Mine now" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Week not found");

    const renamed = await agent.put(url).send({ name: "Thanksgiving week" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: week.id,
      name: "Thanksgiving week",
      weekStartDate: "2026-11-23",
    });
    const byAdmin = await (await agentFor(admin)).put(url).send({ name: "Holiday week" });
    expect(byAdmin.body.name).toBe("Holiday week");
    const [stored] = await db.select().from(weeklySchedules).where(eq(weeklySchedules.id, theirs.id));
    expect(stored.name).toBe("Week 2026-11-23");
  });
});

describe("ensureWeeklySchedule", () => {
  it("names the week, makes it once, and starts a week that already ended as archived", async () => {
    const { company } = await buildTenant();
    // A week far ahead, so it never is the current week the next lines make.
    const created = await ensureWeeklySchedule(db, company.id, "2030-01-10");
    expect(created).toMatchObject({ weekStartDate: "2030-01-07", name: "Week of Jan 7, 2030" });
    expect(await ensureWeeklySchedule(db, company.id, "2030-01-13")).toBeUndefined();

    const thisWeek = weekStartOf(toDateString(new Date()));
    expect((await ensureWeeklySchedule(db, company.id, thisWeek))?.isArchived).toBe(false);
    expect((await ensureWeeklySchedule(db, company.id, addDays(thisWeek, -7)))?.isArchived).toBe(true);
  });
});
