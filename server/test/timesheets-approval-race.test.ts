/**
 * The first approval of a week happens once (docs/timesheets.md): before it there is no
 * week row to lock, so parallel approvals from version 0 must still meet one at a time.
 */
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { timeEntryChanges, timesheetWeeks } from "@sched/core/db/schema";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { agentFor } from "./support";
import { buildLinkedTenant } from "./timesheets-support";

const WEEK = "2026-03-02";
const PARALLEL = 4;

/** Sessions of this database waiting on a lock: the approvals held up behind ours. */
async function waitingOnLocks(): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (result.rows[0] as { waiting: number }).waiting;
}

describe("POST /api/timesheets/approve in parallel", () => {
  it("lets exactly one first approval through; the others answer 409 stale", async () => {
    const { company, admin, employee } = await buildLinkedTenant();
    const office = await agentFor(admin);
    // An uncommitted week row holds every approval at one point: each has already read
    // "no row yet" unless something else makes them take turns.
    const holder = new pg.Client({ connectionString: config.databaseUrl });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query(
        "insert into timesheet_weeks (company_id, employee_id, week_start, status) values ($1, $2, $3, 'open')",
        [company.id, employee.id, WEEK],
      );
      const week = { companyId: company.id, weekStart: WEEK, employeeId: employee.id, version: 0 };
      const answering = Promise.all(
        Array.from({ length: PARALLEL }, () =>
          office
            .post("/api/timesheets/approve")
            .send(week)
            .then((res) => res),
        ),
      );
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBeGreaterThanOrEqual(2), {
        timeout: 30_000,
        interval: 20,
      });
      await holder.query("rollback");
      const answers = await answering;

      const approved = answers.filter((res) => res.status === 200);
      expect(approved.map((res) => res.body)).toEqual([
        { employeeId: employee.id, weekStart: WEEK, status: "approved", version: 1 },
      ]);
      const refused = answers.filter((res) => res.status !== 200);
      expect(new Set(refused.map((res) => `${res.status} ${res.body.code}`))).toEqual(new Set(["409 stale"]));
    } finally {
      await holder.end();
    }

    const history = await db
      .select()
      .from(timeEntryChanges)
      .where(and(eq(timeEntryChanges.employeeId, employee.id), eq(timeEntryChanges.kind, "approved")));
    expect(history).toHaveLength(1);
    const [row] = await db.select().from(timesheetWeeks).where(eq(timesheetWeeks.employeeId, employee.id));
    expect([row.status, row.version]).toEqual(["approved", 1]);
  });
});
