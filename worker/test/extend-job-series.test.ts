/**
 * The daily sweep of recurring jobs (docs/schedule.md): run as the worker
 * runs it, twice; the second run makes nothing.
 */
import { createJobSeries } from "@sched/core/commands/job-series";
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import { addDays, toDateString } from "@sched/core/lib/dates";
import { buildTenant } from "@sched/core/test/factories";
import type { Job } from "bullmq";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { extendJobSeriesJob } from "../src/jobs/extend-job-series";
import { maintenanceHandlers } from "../src/jobs/registry";
import { REPEATING } from "../src/schedules";

const today = () => toDateString(new Date());

describe("extendJobSeries", () => {
  it("is registered and scheduled daily", () => {
    expect(maintenanceHandlers.extendJobSeries).toBe(extendJobSeriesJob);
    expect(REPEATING.extendJobSeries).toEqual({ every: 24 * 60 * 60 * 1000 });
  });

  it("extends a series made three weeks ago to today's horizon, once", async () => {
    const { company, owner, employee } = await buildTenant();
    const made = await createJobSeries(
      { companyId: company.id, userId: owner.id, role: "owner", isReadOnly: false },
      {
        employeeId: employee.id,
        type: "Maintenance",
        location: "Pool, 9 Bay Rd",
        description: null,
        time: "08:00",
        durationMinutes: 60,
        startDate: addDays(today(), -21),
        rrule: "FREQ=WEEKLY",
      },
      addDays(today(), -21),
    );
    const count = async () => (await db.select().from(jobs).where(eq(jobs.seriesId, made.id))).length;
    expect(await count()).toBe(13);
    await extendJobSeriesJob({} as Job);
    expect(await count()).toBe(16);
    await extendJobSeriesJob({} as Job);
    expect(await count()).toBe(16);
  });
});
