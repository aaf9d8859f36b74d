import { db } from "@sched/core/db/client";
import { notifications } from "@sched/core/db/schema";
import { buildCompany } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { maintenanceHandlers } from "../src/jobs/registry";
import { sweepNotifications } from "../src/jobs/sweep-notifications";
import { REPEATING } from "../src/schedules";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("sweepNotifications", () => {
  it("runs daily and deletes the bell entries older than 90 days", async () => {
    expect(REPEATING.sweepNotifications.every).toBe(DAY_MS);
    expect(maintenanceHandlers.sweepNotifications).toBeDefined();
    const { company, owner } = await buildCompany();
    const entry = { companyId: company.id, recipientUserId: owner.id, kind: "member.joined" };
    await db.insert(notifications).values([
      { ...entry, message: "old", createdAt: new Date(Date.now() - 91 * DAY_MS) },
      { ...entry, message: "kept", createdAt: new Date(Date.now() - 89 * DAY_MS) },
    ]);
    const { removed } = await sweepNotifications();
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(notifications).where(eq(notifications.recipientUserId, owner.id));
    expect(left.map((row) => row.message)).toEqual(["kept"]);
  });
});
