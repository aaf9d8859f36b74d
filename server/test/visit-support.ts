/**
 * The visit page's tests' tenant (docs/visits.md): a company with booking settings, a
 * technician "Pat Plumber" with a phone, a customer, and a job on a working day a few days
 * ahead (past the lead time, before the cutoff), placed, with its visit link.
 */
import { db } from "@sched/core/db/client";
import { bookingSettings, customers, employees } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { visitLink } from "@sched/core/visits/visit-link";
import { addDays, isoWeekday, toDateString } from "@sched/shared-types";
import { eq } from "drizzle-orm";

export const PLACE = { placeLat: 41.88, placeLng: -87.63, placePrecision: "street" as const };

/** The first Monday to Saturday at least `days` days from today (UTC: the test company's zone). */
export function workingDayAhead(days: number): string {
  let date = addDays(toDateString(new Date()), days);
  while (isoWeekday(date) === 7) date = addDays(date, 1);
  return date;
}

/** The token of a visit URL. */
export const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

export async function buildVisitTenant(settings: Partial<typeof bookingSettings.$inferInsert> = {}) {
  const tenant = await buildTenant();
  const { company, employee } = tenant;
  await db
    .update(employees)
    .set({ phone: "+13125550111", email: "pat@plumbers.test" })
    .where(eq(employees.id, employee.id));
  await db.insert(bookingSettings).values({ companyId: company.id, phone: "+13125550100", ...settings });
  const [customer] = await db
    .insert(customers)
    .values({
      companyId: company.id,
      name: "Carla Customer",
      phone: "+13125550199",
      email: "carla@customer.test",
    })
    .returning();
  const date = workingDayAhead(4);
  const job = await buildJob(company.id, employee.id, {
    date,
    time: "08:00",
    arrivalWindow: { start: "08:00", end: "10:00" },
    customerId: customer.id,
    customerPhone: "+13125550199",
    customerEmail: "carla@customer.test",
    location: "12 Elm St",
    ...PLACE,
  });
  const url = await visitLink(db, job);
  return { ...tenant, customer, job, date, url, token: tokenOf(url) };
}
