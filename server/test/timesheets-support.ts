/** Helpers of the timesheets tests (docs/timesheets.md): a tenant whose technician is linked, and instants. */
import { db } from "@sched/core/db/client";
import { companySettings, companyUsers, timeEntries } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";

/** A tenant whose employee login is the roster employee, in `timeZone`. */
export async function buildLinkedTenant(options: { trialEndsAt?: Date; timeZone?: string } = {}) {
  const tenant = await buildTenant({ trialEndsAt: options.trialEndsAt });
  await db
    .update(companyUsers)
    .set({ employeeId: tenant.employee.id })
    .where(
      and(eq(companyUsers.companyId, tenant.company.id), eq(companyUsers.userId, tenant.employeeUser.id)),
    );
  if (options.timeZone) {
    await db.insert(companySettings).values({ companyId: tenant.company.id, timeZone: options.timeZone });
  }
  return tenant;
}

/** A recorded day, written as the clock would have. */
export async function buildEntry(
  companyId: string,
  employeeId: string,
  clockIn: string,
  clockOut: string | null,
) {
  const [row] = await db
    .insert(timeEntries)
    .values({
      companyId,
      employeeId,
      clockIn: new Date(clockIn),
      clockOut: clockOut ? new Date(clockOut) : null,
    })
    .returning();
  return row;
}

export const HOUR_MS = 60 * 60 * 1000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();
