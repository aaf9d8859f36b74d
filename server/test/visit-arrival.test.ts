/**
 * On my way's arrival time (docs/visits.md): the tap's time plus the company's drive from
 * the phone's position when sent, else from the technician's previous job that day, else
 * none; cleared when the status moves on; shown on the visit page.
 */
import { db } from "@sched/core/db/client";
import { companySettings, jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { visitLink } from "@sched/core/visits/visit-link";
import { estimateDriveMinutes, FROM_ALONE } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";
import { tokenOf, workingDayAhead } from "./visit-support";

const DOWNTOWN = { lat: 41.8781, lng: -87.6298 };
const NORTH = { lat: 41.9484, lng: -87.6553 };
const WEST = { lat: 41.8819, lng: -87.7547 };
const placed = (point: { lat: number; lng: number }) => ({
  placeLat: point.lat,
  placeLng: point.lng,
  placePrecision: "street" as const,
});

async function dayOfTwo() {
  const tenant = await buildTenant();
  const { company, employee } = tenant;
  const date = workingDayAhead(0);
  const first = await buildJob(company.id, employee.id, { date, time: "08:00", ...placed(DOWNTOWN) });
  const second = await buildJob(company.id, employee.id, { date, time: "10:00", ...placed(NORTH) });
  return { ...tenant, date, first, second };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe("PUT /api/jobs/:id {onMyWay: true}: the arrival estimate", () => {
  it("drives from the previous job's place that day, and the visit page shows it", async () => {
    const { employeeUser, second } = await dayOfTwo();
    const tapped = minutesAgo(2);
    const res = await (await agentFor(employeeUser))
      .put(`/api/jobs/${second.id}`)
      .send({ onMyWay: true, onMyWayAt: tapped });
    expect(res.status).toBe(200);
    const minutes = estimateDriveMinutes(DOWNTOWN, NORTH);
    expect(minutes).toBeGreaterThan(5);
    expect(res.body.arrivalEstimateAt).toBe(new Date(Date.parse(tapped) + minutes * 60_000).toISOString());

    const visit = await anonymous().get(`/api/public/visits/${tokenOf(await visitLink(db, second))}`);
    expect(visit.body).toMatchObject({ status: "on_the_way", arrivalEstimateAt: res.body.arrivalEstimateAt });
  });

  it("drives from the phone's position when it is sent, with the company's drive model", async () => {
    const { company, employeeUser, second } = await dayOfTwo();
    const drive = { roadFactor: 1.5, averageSpeedKmh: 20, parkMinutes: 3 };
    await db.insert(companySettings).values({ companyId: company.id, drive });
    const tapped = minutesAgo(1);
    const res = await (await agentFor(employeeUser))
      .put(`/api/jobs/${second.id}`)
      .send({ onMyWay: true, onMyWayAt: tapped, from: WEST });
    const minutes = estimateDriveMinutes(WEST, NORTH, drive);
    expect(res.body.arrivalEstimateAt).toBe(new Date(Date.parse(tapped) + minutes * 60_000).toISOString());
  });

  it("is null with nowhere to drive from or to, and clears when the status moves on", async () => {
    const { company, employee, employeeUser, first, second } = await dayOfTwo();
    const agent = await agentFor(employeeUser);
    // The first job of the day, no position sent: nowhere known to drive from.
    const firstTap = await agent.put(`/api/jobs/${first.id}`).send({ onMyWay: true });
    expect([firstTap.status, firstTap.body.arrivalEstimateAt]).toEqual([200, null]);
    // A job without a place: nowhere to drive to.
    const unplaced = await buildJob(company.id, employee.id, { date: first.date, time: "12:00" });
    const noPlace = await agent.put(`/api/jobs/${unplaced.id}`).send({ onMyWay: true, from: WEST });
    expect(noPlace.body.arrivalEstimateAt).toBeNull();

    const tapped = await agent.put(`/api/jobs/${second.id}`).send({ onMyWay: true });
    expect(tapped.body.arrivalEstimateAt).toEqual(expect.any(String));
    const started = await agent.put(`/api/jobs/${second.id}`).send({ status: "in_progress" });
    expect([started.status, started.body.arrivalEstimateAt]).toEqual([200, null]);
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, second.id));
    expect(stored.arrivalEstimateAt).toBeNull();
    // A position goes with the tap only.
    const alone = await agent.put(`/api/jobs/${second.id}`).send({ status: "scheduled", from: WEST });
    expect([alone.status, alone.body.message]).toEqual([400, FROM_ALONE]);
    const outOfRange = await agent
      .put(`/api/jobs/${second.id}`)
      .send({ onMyWay: true, from: { lat: 91, lng: 0 } });
    expect([outOfRange.status, outOfRange.body.message]).toEqual([
      400,
      "Latitude must be between -90 and 90",
    ]);
  });
});
