/**
 * Who a booking goes to (docs/booking.md, "Which windows are offered"): the technician the
 * job adds the least drive for, at the first time that leaves the drive from the job before.
 */
import { db } from "@sched/core/db/client";
import { employees, jobs } from "@sched/core/db/schema";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshIp, openBookingPage, weekdayAfter } from "./booking-support";
import { anonymous } from "./support";

const DAY = weekdayAfter(5);
/** Next door to the customer's 10001, and far out on Long Island Sound. */
const NEAR = { placeLat: 40.75, placeLng: -73.99, placePrecision: "manual" as const };
const FAR = { placeLat: 40.95, placeLng: -73.7, placePrecision: "manual" as const };

describe("fitting a booking", () => {
  it("goes to the technician nearby rather than the one an hour away", async () => {
    const { company, employee } = await buildTenant();
    // The tenant's own roster employee is inactive: only Nia and Fred are candidates.
    await db.update(employees).set({ isActive: false }).where(eq(employees.id, employee.id));
    const slug = await openBookingPage(company.id);
    const near = await buildEmployee(company.id, { name: "Nia Near" });
    const far = await buildEmployee(company.id, { name: "Fred Far" });
    await buildJob(company.id, near.id, { date: DAY, time: "08:00", ...NEAR });
    await buildJob(company.id, far.id, { date: DAY, time: "08:00", ...FAR });
    const res = await anonymous()
      .post(`/api/public/companies/${slug}/bookings`)
      .set("X-Forwarded-For", freshIp())
      .send({
        service: "Repair",
        address: "10001",
        date: DAY,
        start: "08:00",
        name: "Cy Close",
        email: "cy@example.test",
      });
    expect(res.status).toBe(201);
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, company.id), eq(jobs.source, "online")));
    // 08–10: Nia is free from 09:00 and close by (a few minutes' drive and parking: 09:15);
    // Fred would drive over an hour first.
    expect(job).toMatchObject({ employeeId: near.id, time: "09:15" });
  });
});
