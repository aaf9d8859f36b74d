/**
 * A move onto today that names no time never starts at a time already past
 * (docs/schedule.md): a card keeping its own time, or a tray card getting
 * the tray's 09:00, starts at the next free quarter hour from now, clear of the
 * technician's other jobs. A time the request names stays, with a warning when past.
 */
import { buildJob, buildTenant, buildUnscheduledJob } from "@sched/core/test/factories";
import { addDays, clockIn, dateIn } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockOf = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;

/**
 * A zone whose clock now reads between 10:00 and 17:00, so "now" has past hours (07:00 and
 * the tray's 09:00 among them) and an hour free before the workday ends (19:00). Some zone
 * of these always does: their clocks are never more than 5.5 hours apart.
 */
function midDayZone(): string {
  const zones = ["Pacific/Kiritimati", "Asia/Tokyo", "Asia/Kolkata", "Europe/London", "America/New_York"];
  const more = ["America/Los_Angeles", "Pacific/Honolulu"];
  const found = [...zones, ...more].find((zone) => {
    const hour = Number(clockIn(new Date(), zone).slice(0, 2));
    return hour >= 10 && hour < 17;
  });
  if (!found) throw new Error("no zone at mid-day");
  return found;
}

async function companyAtMidDay() {
  const tenant = await buildTenant();
  const agent = await agentFor(tenant.owner);
  const timeZone = midDayZone();
  const res = await agent.put(`/api/companies/${tenant.company.id}/settings`).send({ timeZone });
  expect(res.status).toBe(200);
  const today = dateIn(new Date(), timeZone);
  // The next quarter hour from now, as the test sees it.
  const nextQuarter = clockOf(Math.ceil(minutes(clockIn(new Date(), timeZone)) / 15) * 15);
  return { ...tenant, agent, today, nextQuarter };
}

describe("a job moved onto today", () => {
  it("from another day, at a time already past, starts at the next free slot from now", async () => {
    const { company, employee, agent, today, nextQuarter } = await companyAtMidDay();
    // The technician is busy for the first hour from the next quarter hour on.
    await buildJob(company.id, employee.id, { date: today, time: nextQuarter, durationMinutes: 60 });
    const job = await buildJob(company.id, employee.id, {
      date: addDays(today, 1),
      time: "06:00",
      durationMinutes: 30,
    });
    const res = await agent.put(`/api/jobs/${job.id}`).send({ date: today, version: job.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: today, time: clockOf(minutes(nextQuarter) + 60) });
  });

  it("from the tray with no time named, the tray's 09:00 gone by, starts at the next free slot", async () => {
    const { company, employee, agent, today, nextQuarter } = await companyAtMidDay();
    const job = await buildUnscheduledJob(company.id);
    const res = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ employeeId: employee.id, date: today, version: job.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: today, time: nextQuarter });
    expect(res.body.warnings.map((w: { code: string }) => w.code)).not.toContain("past_time");
    // On another day it gets the tray's 09:00.
    const other = await buildUnscheduledJob(company.id);
    const later = addDays(today, 3);
    const placed = await agent
      .put(`/api/jobs/${other.id}`)
      .send({ employeeId: employee.id, date: later, version: other.version });
    expect(placed.body).toMatchObject({ date: later, time: "09:00" });
  });

  it("keeps a time already past that the move names, and says so in the answer", async () => {
    const { company, employee, agent, today } = await companyAtMidDay();
    const past = { code: "past_time", message: "7:00 AM is already past" };
    // A job from another day, placed at an explicit time this morning (a timeline drop).
    const moved = await buildJob(company.id, employee.id, { date: addDays(today, 1), time: "15:00" });
    const res = await agent
      .put(`/api/jobs/${moved.id}`)
      .send({ date: today, time: "07:00", version: moved.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: today, time: "07:00" });
    expect(res.body.warnings).toContainEqual(past);
    // From the tray at a named time.
    const parked = await buildUnscheduledJob(company.id);
    const scheduled = await agent
      .put(`/api/jobs/${parked.id}`)
      .send({ employeeId: employee.id, date: today, time: "07:00", version: parked.version });
    expect(scheduled.body).toMatchObject({ date: today, time: "07:00" });
    expect(scheduled.body.warnings).toContainEqual(past);
    // Today's job given an earlier time (this morning's emergency logged late).
    const logged = await buildJob(company.id, employee.id, { date: today, time: "23:45" });
    const earlier = await agent
      .put(`/api/jobs/${logged.id}`)
      .send({ time: "07:00", version: logged.version });
    expect(earlier.body).toMatchObject({ date: today, time: "07:00" });
    expect(earlier.body.warnings).toContainEqual(past);
    // The list has no such warning: it depends on the clock, not on the plan.
    const list = await agent.get(`/api/jobs?companyId=${company.id}&startDate=${today}&endDate=${today}`);
    for (const job of list.body) expect(job.warnings).not.toContainEqual(past);
  });

  it("keeps a time still ahead today, and any time on another day", async () => {
    const { company, employee, agent, today } = await companyAtMidDay();
    const ahead = await buildJob(company.id, employee.id, { date: addDays(today, 2), time: "23:30" });
    const kept = await agent.put(`/api/jobs/${ahead.id}`).send({ date: today, version: ahead.version });
    expect(kept.body).toMatchObject({ date: today, time: "23:30" });
    const named = await buildJob(company.id, employee.id, { date: addDays(today, 2), time: "06:00" });
    const at = await agent.put(`/api/jobs/${named.id}`).send({ date: today, time: "23:15", version: 1 });
    expect(at.body).toMatchObject({ date: today, time: "23:15" });
    expect(at.body.warnings.map((warning: { code: string }) => warning.code)).not.toContain("past_time");

    const early = await buildJob(company.id, employee.id, { date: addDays(today, 2), time: "06:00" });
    const tomorrow = addDays(today, 1);
    const moved = await agent.put(`/api/jobs/${early.id}`).send({ date: tomorrow, version: early.version });
    expect(moved.body).toMatchObject({ date: tomorrow, time: "06:00" });
  });
});
