import type { TimeEntryDTO } from "@sched/shared-types";
import type { timeEntries } from "../db/schema";

type EntryRow = typeof timeEntries.$inferSelect;

/** An entry's times, as the API answers them and the timesheet's history keeps them. */
export const presentClockTimes = (row: Pick<EntryRow, "clockIn" | "clockOut">) => ({
  clockIn: row.clockIn.toISOString(),
  clockOut: row.clockOut ? row.clockOut.toISOString() : null,
});

/** An entry as a timesheet's day lists it: the day's person is the timesheet's. */
export const presentDayEntry = (row: Pick<EntryRow, "id" | "clockIn" | "clockOut" | "version">) => ({
  id: row.id,
  ...presentClockTimes(row),
  version: row.version,
});

/** A clock-in/clock-out entry as the time clock and a correction answer it. */
export const presentTimeEntry = (row: EntryRow): TimeEntryDTO => ({
  ...presentDayEntry(row),
  employeeId: row.employeeId,
});
