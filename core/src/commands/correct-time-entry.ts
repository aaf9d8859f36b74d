/**
 * PUT /api/time-entries/:id (docs/timesheets.md): the office corrects a day (a forgotten
 * "End my day", a wrong start), saying why. The change is kept in the entry's history with
 * who, when, before and after; an approved week is locked (409 locked) and an older version
 * is refused (409 stale).
 */
import {
  CLOCK_IN_FUTURE,
  CLOCK_OUT_FUTURE,
  ENTRY_OVERLAPS,
  TIME_ENTRY_NOT_FOUND,
  type TimeEntryDTO,
  type TTimeEntryCorrection,
} from "@sched/shared-types";
import { and, eq, gt, isNull, lt, ne, or } from "drizzle-orm";
import { db } from "../db/client";
import { timeEntries, timeEntryChanges } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { authorize } from "../policies/authorize";
import type { CompanyAccess } from "../policies/company-access";
import { presentClockTimes, presentTimeEntry } from "../presenters/time-entries";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { assertWeekOpen, weekOfInstant } from "../timesheets/week-lock";
import { assertCurrentVersion, nextVersion } from "./versions";

type EntryRow = typeof timeEntries.$inferSelect;

/** 400 when a corrected time lies ahead of now: a timesheet records what happened. */
function assertPast(clockIn: Date, clockOut: Date, now: Date) {
  if (clockIn > now) throw new BadRequest(CLOCK_IN_FUTURE, [{ path: "clockIn", message: CLOCK_IN_FUTURE }]);
  if (clockOut > now)
    throw new BadRequest(CLOCK_OUT_FUTURE, [{ path: "clockOut", message: CLOCK_OUT_FUTURE }]);
}

export async function correctTimeEntry(
  member: CompanyAccess,
  entryId: string,
  input: TTimeEntryCorrection,
  now = new Date(),
): Promise<TimeEntryDTO> {
  authorize(member, "manageTimesheets");
  const clockIn = new Date(input.clockIn);
  const clockOut = new Date(input.clockOut);
  assertPast(clockIn, clockOut, now);
  const { timeZone } = await loadCompanySettings(member.companyId);
  const { before, after } = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.id, entryId), eq(timeEntries.companyId, member.companyId)))
      .for("update");
    if (!locked) throw new NotFound(TIME_ENTRY_NOT_FOUND);
    await assertCurrentVersion(tx, locked, input.version, "time entry", () => presentTimeEntry(locked));
    // Both the week it was in and the week it moves to must be open.
    for (const instant of [locked.clockIn, clockIn]) {
      await assertWeekOpen(tx, member.companyId, locked.employeeId, weekOfInstant(instant, timeZone));
    }
    const [overlapping] = await tx
      .select({ id: timeEntries.id })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.employeeId, locked.employeeId),
          ne(timeEntries.id, locked.id),
          lt(timeEntries.clockIn, clockOut),
          or(isNull(timeEntries.clockOut), gt(timeEntries.clockOut, clockIn)),
        ),
      )
      .limit(1);
    if (overlapping) throw new BadRequest(ENTRY_OVERLAPS, [{ path: "clockIn", message: ENTRY_OVERLAPS }]);
    const [updated] = await tx
      .update(timeEntries)
      .set({ clockIn, clockOut, ...nextVersion(locked, member.userId) })
      .where(eq(timeEntries.id, locked.id))
      .returning();
    await tx.insert(timeEntryChanges).values({
      companyId: member.companyId,
      employeeId: locked.employeeId,
      entryId: locked.id,
      kind: "corrected",
      changedBy: member.userId,
      before: presentClockTimes(locked),
      after: presentClockTimes(updated),
      reason: input.reason,
    });
    return { before: locked as EntryRow, after: updated };
  });
  const weeks = new Set([weekOfInstant(before.clockIn, timeZone), weekOfInstant(after.clockIn, timeZone)]);
  for (const weekStart of weeks) {
    publish(member.companyId, "timesheet.changed", {
      companyId: member.companyId,
      employeeId: after.employeeId,
      weekStart,
    });
  }
  return presentTimeEntry(after);
}
