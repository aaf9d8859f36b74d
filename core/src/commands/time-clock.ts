/**
 * POST /api/time-clock (docs/timesheets.md): "Start my day" and "End my day". The member
 * must be linked to a roster employee; the tap's time is the phone's (a tap kept offline),
 * never later than the server's now and at most 24 hours old. A repeat of the same tap is
 * answered by the Idempotency-Key, so a replayed offline tap is recorded once.
 */
import {
  ALREADY_CLOCKED_IN,
  CLOCK_IN_OVERLAPS,
  CLOCK_NOT_LINKED,
  CLOCK_OUT_BEFORE_IN,
  CLOCK_TAP_MAX_AGE_HOURS,
  CLOCK_TAP_TOO_OLD,
  NOT_CLOCKED_IN,
  type TimeEntryDTO,
  type TTimeClock,
} from "@sched/shared-types";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { timeEntries, timeEntryChanges } from "../db/schema";
import { BadRequest, Conflict, Forbidden } from "../errors";
import { authorize } from "../policies/authorize";
import type { CompanyAccess } from "../policies/company-access";
import { linkedEmployeeOf } from "../policies/job-progress";
import { presentClockTimes, presentTimeEntry } from "../presenters/time-entries";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { assertWeekOpen, weekOfInstant } from "../timesheets/week-lock";
import { nextVersion } from "./versions";

type EntryRow = typeof timeEntries.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;

/** When the tap happened: the phone's time, never later than now; 400 when over 24 h old. */
function tapTime(at: string | undefined, now: Date): Date {
  if (at === undefined) return now;
  const tapped = Date.parse(at);
  if (tapped < now.getTime() - CLOCK_TAP_MAX_AGE_HOURS * HOUR_MS) {
    throw new BadRequest(CLOCK_TAP_TOO_OLD, [{ path: "at", message: CLOCK_TAP_TOO_OLD }]);
  }
  return new Date(Math.min(tapped, now.getTime()));
}

const isUniqueViolation = (error: unknown) => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === "23505" || cause?.code === "23505";
};

async function clockIn(tx: Executor, member: CompanyAccess, employeeId: string, at: Date, timeZone: string) {
  const [last] = await tx
    .select()
    .from(timeEntries)
    .where(eq(timeEntries.employeeId, employeeId))
    .orderBy(desc(timeEntries.clockIn))
    .limit(1)
    .for("update");
  if (last && last.clockOut === null) throw new Conflict(ALREADY_CLOCKED_IN);
  if (last?.clockOut && last.clockOut > at) {
    throw new BadRequest(CLOCK_IN_OVERLAPS, [{ path: "at", message: CLOCK_IN_OVERLAPS }]);
  }
  await assertWeekOpen(tx, member.companyId, employeeId, weekOfInstant(at, timeZone));
  const [row] = await tx
    .insert(timeEntries)
    .values({ companyId: member.companyId, employeeId, clockIn: at, updatedBy: member.userId })
    .returning();
  return row;
}

async function clockOut(tx: Executor, member: CompanyAccess, employeeId: string, at: Date, timeZone: string) {
  const [open] = await tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.employeeId, employeeId), isNull(timeEntries.clockOut)))
    .for("update");
  if (!open) throw new Conflict(NOT_CLOCKED_IN);
  if (at <= open.clockIn)
    throw new BadRequest(CLOCK_OUT_BEFORE_IN, [{ path: "at", message: CLOCK_OUT_BEFORE_IN }]);
  await assertWeekOpen(tx, member.companyId, employeeId, weekOfInstant(open.clockIn, timeZone));
  const [row] = await tx
    .update(timeEntries)
    .set({ clockOut: at, ...nextVersion(open, member.userId) })
    .where(eq(timeEntries.id, open.id))
    .returning();
  return row;
}

export async function clockTime(
  member: CompanyAccess,
  input: TTimeClock,
  now = new Date(),
): Promise<TimeEntryDTO> {
  authorize(member, "clockTime");
  const employeeId = await linkedEmployeeOf(db, member);
  if (!employeeId) throw new Forbidden(CLOCK_NOT_LINKED);
  const at = tapTime(input.at, now);
  const { timeZone } = await loadCompanySettings(member.companyId);
  let row: EntryRow;
  try {
    row = await db.transaction(async (tx) => {
      const entry =
        input.action === "in"
          ? await clockIn(tx, member, employeeId, at, timeZone)
          : await clockOut(tx, member, employeeId, at, timeZone);
      await tx.insert(timeEntryChanges).values({
        companyId: member.companyId,
        employeeId,
        entryId: entry.id,
        kind: input.action === "in" ? "clock_in" : "clock_out",
        changedBy: member.userId,
        after: presentClockTimes(entry),
      });
      return entry;
    });
  } catch (error) {
    // Two "in" taps at the same moment: the open-entry index lets one through.
    if (isUniqueViolation(error)) throw new Conflict(ALREADY_CLOCKED_IN);
    throw error;
  }
  const weekStart = weekOfInstant(row.clockIn, timeZone);
  publish(member.companyId, "timesheet.changed", { companyId: member.companyId, employeeId, weekStart });
  return presentTimeEntry(row);
}
