import type { DailyCallDTO } from "@sched/shared-types";
import type { dailyCalls } from "../db/schema";

/**
 * The day's summary. `callCount` is always the number of call records that day
 * (counted live), so a day with calls but no saved notes still answers its count,
 * with a null id until someone writes notes.
 */
export function presentDailyCall(
  companyId: string,
  date: string,
  callCount: number,
  row: typeof dailyCalls.$inferSelect | undefined,
): DailyCallDTO {
  return {
    id: row?.id ?? null,
    companyId,
    date,
    callCount,
    notes: row?.notes ?? null,
    createdAt: row?.createdAt.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
