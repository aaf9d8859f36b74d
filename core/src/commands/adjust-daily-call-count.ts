import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { dailyCalls } from "../db/schema";

/**
 * Keeps daily_call.call_count in step with the call records of a day (docs/call-log.md).
 * An increment under the row lock (not a recount) so that concurrent calls logged on the
 * same day each add exactly one. Run inside the transaction that changes the records.
 */
export async function adjustDailyCallCount(tx: Executor, companyId: string, date: string, delta: 1 | -1) {
  await tx
    .insert(dailyCalls)
    .values({ companyId, date, callCount: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [dailyCalls.companyId, dailyCalls.date],
      set: { callCount: sql`greatest(${dailyCalls.callCount} + ${delta}, 0)`, updatedAt: sql`now()` },
    });
}
