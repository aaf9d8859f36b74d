/**
 * Drive time (docs/places.md): the settings' `drive`, the speed learned from the taps, and
 * the `travel` warning in every job answer (POST, PUT, the list), never a refusal.
 */
import { db } from "@sched/core/db/client";
import { jobs, jobTaps } from "@sched/core/db/schema";
import { buildCompany, buildJob, buildTenant } from "@sched/core/test/factories";
import {
  AVERAGE_SPEED_INVALID,
  DEFAULT_DRIVE_MODEL,
  DRIVE_INVALID,
  type JobDTO,
  type LatLng,
  PARK_MINUTES_INVALID,
  ROAD_FACTOR_INVALID,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const LOOP: LatLng = { lat: 41.8781, lng: -87.6298 };
const HYDE_PARK: LatLng = { lat: 41.7943, lng: -87.5907 };
const NOT_A_MEMBER = "You are not a member of this company";
const NO_PERMISSION = "You do not have permission to do that";
// 2026-11-23 is a Monday.
const WEEK = "startDate=2026-11-23&endDate=2026-11-29";

const placeOf = (point: LatLng) => ({
  placeLat: point.lat,
  placeLng: point.lng,
  placePrecision: "street" as const,
});
const travel = (job: JobDTO) => job.warnings.filter((warning) => warning.code === "travel");

describe("settings `drive`", () => {
  it("reads the defaults, and the owner's values once saved; admins and employees may not change them", async () => {
    const tenant = await buildTenant();
    const owner = await agentFor(tenant.owner);
    const path = `/api/companies/${tenant.company.id}/settings`;
    expect((await owner.get(path)).body.drive).toEqual(DEFAULT_DRIVE_MODEL);
    const drive = { roadFactor: 1.4, averageSpeedKmh: 28, parkMinutes: 7 };
    const saved = await owner.put(path).send({ drive });
    expect([saved.status, saved.body.drive]).toEqual([200, drive]);
    // Another field sent alone keeps the drive settings.
    await owner.put(path).send({ country: "CA" });
    expect((await owner.get(path)).body.drive).toEqual(drive);
    for (const user of [tenant.admin, tenant.employeeUser]) {
      const refused = await (await agentFor(user)).put(path).send({ drive: DEFAULT_DRIVE_MODEL });
      expect([refused.status, refused.body.message]).toEqual([403, NO_PERMISSION]);
    }
  });

  it.for([
    [{ ...DEFAULT_DRIVE_MODEL, roadFactor: 0.5 }, ROAD_FACTOR_INVALID],
    [{ ...DEFAULT_DRIVE_MODEL, roadFactor: "1.3" }, ROAD_FACTOR_INVALID],
    [{ ...DEFAULT_DRIVE_MODEL, averageSpeedKmh: 0 }, AVERAGE_SPEED_INVALID],
    [{ ...DEFAULT_DRIVE_MODEL, averageSpeedKmh: 200 }, AVERAGE_SPEED_INVALID],
    [{ ...DEFAULT_DRIVE_MODEL, parkMinutes: 2.5 }, PARK_MINUTES_INVALID],
    [{ ...DEFAULT_DRIVE_MODEL, parkMinutes: -1 }, PARK_MINUTES_INVALID],
    [{ roadFactor: 1.3 }, AVERAGE_SPEED_INVALID],
    ["fast", DRIVE_INVALID],
  ] as const)("refuses %j with 400 and the field's message", async ([drive, message]) => {
    const { company, owner: ownerUser } = await buildCompany();
    const owner = await agentFor(ownerUser);
    const res = await owner.put(`/api/companies/${company.id}/settings`).send({ drive });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", message });
  });
});

describe("GET /api/companies/:companyId/drive-speed", () => {
  it("answers 401 signed out and 403 outside the company", async () => {
    const tenant = await buildTenant();
    const path = `/api/companies/${tenant.company.id}/drive-speed`;
    expect((await anonymous().get(path)).status).toBe(401);
    const other = await buildCompany();
    const outsider = await (await agentFor(other.owner)).get(path);
    expect([outsider.status, outsider.body.message]).toEqual([403, NOT_A_MEMBER]);
  });

  it("says how many trips it has, and the speed once there are enough, to every member", async () => {
    const tenant = await buildTenant();
    const { id: companyId } = tenant.company;
    const employeeId = tenant.employee.id;
    const path = `/api/companies/${companyId}/drive-speed`;
    const owner = await agentFor(tenant.owner);
    expect((await owner.get(path)).body).toEqual({ trips: 0, minTrips: 10, averageSpeedKmh: null });
    // 12 trips of 9.87 km x 1.3 in 30.6 minutes less 5 to park: 30 km/h.
    for (let index = 0; index < 12; index++) {
      const from = await buildJob(companyId, employeeId, placeOf(LOOP));
      const to = await buildJob(companyId, employeeId, placeOf(HYDE_PARK));
      const done = Date.now() - (index + 1) * 3600_000;
      await db.insert(jobTaps).values([
        { companyId, employeeId, jobId: from.id, kind: "complete", at: new Date(done) },
        { companyId, employeeId, jobId: to.id, kind: "on_my_way", at: new Date(done + 60_000) },
        { companyId, employeeId, jobId: to.id, kind: "start", at: new Date(done + 60_000 + 30.65 * 60_000) },
      ]);
    }
    for (const user of [tenant.owner, tenant.admin, tenant.employeeUser]) {
      const res = await (await agentFor(user)).get(path);
      expect([res.status, res.body]).toEqual([200, { trips: 12, minTrips: 10, averageSpeedKmh: 30 }]);
    }
  });
});

describe("the travel warning", () => {
  it("comes with the job answers and the list, both ways, and never refuses a save", async () => {
    const tenant = await buildTenant();
    const { id: companyId } = tenant.company;
    const owner = await agentFor(tenant.owner);
    const first = await buildJob(companyId, tenant.employee.id, {
      date: "2026-11-24",
      time: "09:00",
      location: "1 Main St",
      ...placeOf(LOOP),
    });
    const second = await buildJob(companyId, tenant.employee.id, {
      date: "2026-11-24",
      time: "13:00",
      location: "12 Oak Rd",
      ...placeOf(HYDE_PARK),
    });
    // Moved to 10:15: 15 minutes after the first ends, the drive is 27.
    const moved = await owner.put(`/api/jobs/${second.id}`).send({ time: "10:15" });
    expect(moved.status).toBe(200);
    expect(travel(moved.body)).toEqual([
      { code: "travel", message: "27 min drive from 1 Main St, 15 min between the jobs", jobId: first.id },
    ]);
    const list = await owner.get(`/api/jobs?companyId=${companyId}&${WEEK}`);
    const byId = new Map((list.body as JobDTO[]).map((job) => [job.id, job]));
    expect(travel(byId.get(first.id) as JobDTO)).toEqual([
      { code: "travel", message: "27 min drive to 12 Oak Rd, 15 min between the jobs", jobId: second.id },
    ]);
    // A slower town: the drive is longer.
    await owner
      .put(`/api/companies/${companyId}/settings`)
      .send({ drive: { ...DEFAULT_DRIVE_MODEL, averageSpeedKmh: 20 } });
    const slower = await owner.get(`/api/jobs?companyId=${companyId}&${WEEK}`);
    const again = (slower.body as JobDTO[]).find((job) => job.id === second.id) as JobDTO;
    expect(travel(again)[0].message).toBe("43 min drive from 1 Main St, 15 min between the jobs");
    // Later, with time enough: none.
    const later = await owner.put(`/api/jobs/${second.id}`).send({ time: "11:00" });
    expect(travel(later.body)).toEqual([]);
  });

  it("is not given about a job without a place", async () => {
    const tenant = await buildTenant();
    const { id: companyId } = tenant.company;
    const owner = await agentFor(tenant.owner);
    await buildJob(companyId, tenant.employee.id, { date: "2026-11-24", time: "09:00", ...placeOf(LOOP) });
    const unplaced = await buildJob(companyId, tenant.employee.id, { date: "2026-11-24", time: "13:00" });
    const res = await owner.put(`/api/jobs/${unplaced.id}`).send({ time: "10:00" });
    expect([res.status, travel(res.body)]).toEqual([200, []]);
    // Its place found later (the worker, a pin): the warning follows.
    await db.update(jobs).set(placeOf(HYDE_PARK)).where(eq(jobs.id, unplaced.id));
    const list = await owner.get(`/api/jobs?companyId=${companyId}&${WEEK}`);
    const found = (list.body as JobDTO[]).find((job) => job.id === unplaced.id) as JobDTO;
    expect(travel(found).map((warning) => warning.message)).toEqual([
      "27 min drive from 1 Main St, no time between the jobs",
    ]);
  });
});
