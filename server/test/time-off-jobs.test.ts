/**
 * GET /api/time-off/:id/jobs (docs/time-off.md): before approving, the office
 * sees the employee's open jobs on the days asked for (in the hours, for part of a day);
 * owners and admins only, another company's request 404.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { timeOff } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const MON = "2030-06-03";
const TUE = "2030-06-04";
const WED = "2030-06-05";

async function requestOver(
  companyId: string,
  employeeId: string,
  days: { startDate: string; endDate: string; startTime?: string; endTime?: string },
) {
  const [row] = await db
    .insert(timeOff)
    .values({ companyId, employeeId, kind: "vacation", status: "pending", ...days })
    .returning();
  return row;
}

describe("GET /api/time-off/:id/jobs", () => {
  it("lists the employee's open jobs on the days asked for, by date and time, and no one else's", async () => {
    const tenant = await buildTenant();
    const { company, employee: pat } = tenant;
    const sam = await buildEmployee(company.id, { name: "Sam Sparks", initials: "SS" });
    const tuesday = await buildJob(company.id, pat.id, { date: TUE, time: "14:00", location: "9 Elm St" });
    const monday = await buildJob(company.id, pat.id, { date: MON, time: "09:00", location: "12 Oak Rd" });
    await buildJob(company.id, pat.id, { date: MON, time: "11:00", status: "completed" });
    await buildJob(company.id, pat.id, { date: MON, time: "13:00", status: "cancelled" });
    await buildJob(company.id, pat.id, { date: WED, time: "09:00" });
    await buildJob(company.id, sam.id, { date: MON, time: "09:00" });
    const off = await requestOver(company.id, pat.id, { startDate: MON, endDate: TUE });

    for (const user of [tenant.owner, tenant.admin]) {
      const res = await (await agentFor(user)).get(`/api/time-off/${off.id}/jobs`);
      expect(res.status).toBe(200);
      const jobs = res.body as JobDTO[];
      expect(jobs.map((job) => [job.id, job.date, job.time, job.location])).toEqual([
        [monday.id, MON, "09:00", "12 Oak Rd"],
        [tuesday.id, TUE, "14:00", "9 Elm St"],
      ]);
      expect(jobs[0]).toMatchObject({ employeeId: pat.id, status: "scheduled", version: monday.version });
    }
  });

  it("keeps to the hours of part of a day", async () => {
    const { company, employee: pat, owner } = await buildTenant();
    await buildJob(company.id, pat.id, { date: MON, time: "08:00", durationMinutes: 60 });
    const overlapping = await buildJob(company.id, pat.id, { date: MON, time: "12:30", durationMinutes: 60 });
    const inside = await buildJob(company.id, pat.id, { date: MON, time: "15:00", durationMinutes: 30 });
    await buildJob(company.id, pat.id, { date: MON, time: "17:00", durationMinutes: 60 });
    const off = await requestOver(company.id, pat.id, {
      startDate: MON,
      endDate: MON,
      startTime: "13:00",
      endTime: "17:00",
    });
    const res = await (await agentFor(owner)).get(`/api/time-off/${off.id}/jobs`);
    expect(res.status).toBe(200);
    expect((res.body as JobDTO[]).map((job) => job.id)).toEqual([overlapping.id, inside.id]);
  });

  it("answers 401 signed out, 403 to a technician, 404 for another company's, an unknown or a malformed id", async () => {
    const tenant = await buildTenant();
    const off = await requestOver(tenant.company.id, tenant.employee.id, { startDate: MON, endDate: MON });
    const path = `/api/time-off/${off.id}/jobs`;
    expect((await anonymous().get(path)).status).toBe(401);
    const owner = await agentFor(tenant.owner);
    // The route reads only its path: a malformed id names no request (docs/api.md).
    expect((await owner.get("/api/time-off/not-an-id/jobs")).status).toBe(404);
    const technician = await agentFor(tenant.employeeUser);
    expect((await technician.get(path)).status).toBe(403);
    const stranger = await agentFor((await buildTenant()).owner);
    const foreign = await stranger.get(path);
    expect(foreign.status).toBe(404);
    expect((await owner.get(`/api/time-off/${randomUUID()}/jobs`)).status).toBe(404);
    expect(foreign.body.message).toBe((await owner.get(`/api/time-off/${randomUUID()}/jobs`)).body.message);
  });
});
