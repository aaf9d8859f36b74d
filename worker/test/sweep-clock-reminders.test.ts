/**
 * The bell's clock-out reminder (docs/timesheets.md): one entry for a technician still
 * clocked in an hour after the end of their working day, in the company's time zone, once.
 */
import { clockOutReminderMessage } from "@sched/core/commands/sweep-clock-reminders";
import { db } from "@sched/core/db/client";
import { companySettings, companyUsers, notifications, timeEntries } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { maintenanceHandlers } from "../src/jobs/registry";
import { sweepClockReminders } from "../src/jobs/sweep-clock-reminders";
import { REPEATING } from "../src/schedules";

async function linkedTenantIn(timeZone: string) {
  const tenant = await buildTenant();
  await db
    .update(companyUsers)
    .set({ employeeId: tenant.employee.id })
    .where(
      and(eq(companyUsers.companyId, tenant.company.id), eq(companyUsers.userId, tenant.employeeUser.id)),
    );
  await db.insert(companySettings).values({ companyId: tenant.company.id, timeZone, workdayEnd: "17:00" });
  return tenant;
}

const bellOf = (userId: string) =>
  db.select().from(notifications).where(eq(notifications.recipientUserId, userId));

describe("sweepClockReminders", () => {
  it("is scheduled, and rings once an hour after the working day's end in the company's time zone", async () => {
    expect(REPEATING.sweepClockReminders.every).toBe(5 * 60 * 1000);
    expect(maintenanceHandlers.sweepClockReminders).toBeDefined();
    const { company, employee, employeeUser } = await linkedTenantIn("America/Chicago");
    // Started Tue 3 Mar 2026 at 8:00 CST (14:00 UTC); the day ends at 17:00 CST (23:00 UTC).
    await db.insert(timeEntries).values({
      companyId: company.id,
      employeeId: employee.id,
      clockIn: new Date("2026-03-03T14:00:00Z"),
    });
    // 17:59 CST: not yet.
    await sweepClockReminders(new Date("2026-03-03T23:59:00Z"));
    expect(await bellOf(employeeUser.id)).toEqual([]);
    // 18:00 CST: the bell rings, once however often the sweep runs.
    await sweepClockReminders(new Date("2026-03-04T00:00:00Z"));
    await sweepClockReminders(new Date("2026-03-04T00:05:00Z"));
    const bell = await bellOf(employeeUser.id);
    expect(bell.map((entry) => [entry.kind, entry.message, entry.companyId])).toEqual([
      ["timesheet.clock_out_reminder", clockOutReminderMessage("8:00 AM"), company.id],
    ]);
  });

  it("leaves an ended day and an unlinked person's day alone", async () => {
    const { company, employee, employeeUser, owner } = await linkedTenantIn("UTC");
    await db.insert(timeEntries).values({
      companyId: company.id,
      employeeId: employee.id,
      clockIn: new Date("2026-03-03T08:00:00Z"),
      clockOut: new Date("2026-03-03T16:00:00Z"),
    });
    const unlinked = await buildTenant();
    await db.insert(timeEntries).values({
      companyId: unlinked.company.id,
      employeeId: unlinked.employee.id,
      clockIn: new Date("2026-03-03T08:00:00Z"),
    });
    await sweepClockReminders(new Date("2026-03-05T00:00:00Z"));
    for (const user of [employeeUser, owner, unlinked.employeeUser, unlinked.owner]) {
      expect(await bellOf(user.id)).toEqual([]);
    }
  });
});
