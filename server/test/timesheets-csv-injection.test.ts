/**
 * The payroll CSV starts no formula in a spreadsheet whose locale splits on `;`
 * (shared-types/src/csv.ts, the one cell writer of every export; the schedule's export is
 * checked in client/test/schedule-csv.test.ts).
 */
import { db } from "@sched/core/db/client";
import { employees } from "@sched/core/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";
import { buildEntry, buildLinkedTenant } from "./timesheets-support";

const WEEK = "2026-03-02";

describe("GET /api/timesheets.csv with a formula after a separator", () => {
  it("quotes and neutralises a name like ;=1+1", async () => {
    const { company, owner, employee } = await buildLinkedTenant();
    await db.update(employees).set({ name: ";=1+1" }).where(eq(employees.id, employee.id));
    await buildEntry(company.id, employee.id, "2026-03-02T08:00:00Z", "2026-03-02T15:30:00Z");
    const res = await (await agentFor(owner)).get(
      `/api/timesheets.csv?companyId=${company.id}&weekStart=${WEEK}`,
    );
    expect(res.status).toBe(200);
    const lines = res.text
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines.slice(1)).toEqual([
      `"';=1+1",2026-03-02,Monday,08:00,15:30,7.50,7:30,0.00,7.50,,,,open`,
      `"';=1+1",Total,,,,7.50,7:30,0.00,7.50,0.00,0:00,,open`,
    ]);
  });
});
