/**
 * A job moved onto today never starts at a time already past (docs/schedule.md, "Drag and
 * drop"): from another day or from the tray, a time gone by in the company's time zone
 * becomes the next free quarter hour from now, clear of the technician's other jobs.
 */
import { todayIn } from "@sched/core/queries/calendar-feed";
import { buildJob, buildTenant, buildUnscheduledJob } from "@sched/core/test/factories";
import { addDays, clockIn } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockOf = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;

/** A zone whose clock now reads between 08:00 and 20:00, so "now" has past hours and free ones. */
function midDayZone(): string {
  const zones = ["Pacific/Kiritimati", "Asia/Tokyo", "Asia/Kolkata", "Europe/London", "America/New_York"];
  const more = ["America/Los_Angeles", "Pacific/Honolulu"];
  const found = [...zones, ...more].find((zone) => {
    const hour = Number(clockIn(new Date(), zone).slice(0, 2));
    return hour >= 8 && hour < 20;
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
  const today = todayIn(timeZone);
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

  it("from the tray, at a time already past, starts at the next free slot from now", async () => {
    const { company, employee, agent, today, nextQuarter } = await companyAtMidDay();
    const job = await buildUnscheduledJob(company.id);
    const res = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ employeeId: employee.id, date: today, time: "07:00", version: job.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: today, time: nextQuarter });
  });

  it("keeps a time still ahead today, and any time on another day", async () => {
    const { company, employee, agent, today } = await companyAtMidDay();
    const ahead = await buildJob(company.id, employee.id, { date: addDays(today, 2), time: "23:30" });
    const kept = await agent.put(`/api/jobs/${ahead.id}`).send({ date: today, version: ahead.version });
    expect(kept.body).toMatchObject({ date: today, time: "23:30" });

    const early = await buildJob(company.id, employee.id, { date: addDays(today, 2), time: "06:00" });
    const tomorrow = addDays(today, 1);
    const moved = await agent.put(`/api/jobs/${early.id}`).send({ date: tomorrow, version: early.version });
    expect(moved.body).toMatchObject({ date: tomorrow, time: "06:00" });
  });
});
