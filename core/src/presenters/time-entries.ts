import type { TimeEntryDTO } from "@sched/shared-types";
import type { timeEntries } from "../db/schema";

/** A clock-in/clock-out entry as the time clock and a correction answer it. */
export const presentTimeEntry = (row: typeof timeEntries.$inferSelect): TimeEntryDTO => ({
  id: row.id,
  employeeId: row.employeeId,
  clockIn: row.clockIn.toISOString(),
  clockOut: row.clockOut ? row.clockOut.toISOString() : null,
  version: row.version,
});
