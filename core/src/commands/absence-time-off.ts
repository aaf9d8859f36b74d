/**
 * The time off a sick day's re-plan records and its Undo takes back (docs/time-off.md),
 * inside the re-plan's own transaction, so the day off and the moves commit
 * together or not at all. When the employee already asked for that day off (a pending
 * whole-day sick request, as "I'm sick today" makes), the re-plan approves that request
 * instead of adding a second time off, and its Undo puts it back to pending. When approved
 * time off already covers the whole day (a vacation approved, then re-planned), it is kept
 * as it is, and the Undo leaves it.
 */
import { TIME_OFF_NOT_FOUND } from "@sched/shared-types";
import { and, asc, eq, gte, isNull, lte, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client";
import { timeOff } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/authorize";
import type { TimeOffRow } from "../presenters/time-off";
import { announceTimeOff, insertTimeOff } from "./time-off";
import { nextVersion } from "./versions";

/** What the re-plan did about the day off: made one, approved the employee's own request, or kept one approved before. */
export type TimeOffAction = "added" | "approved" | "kept";
export type SickDay = { row: TimeOffRow; approvedRequest: boolean; action: TimeOffAction };

/** The oldest whole-day time off of the employee that matches `conditions`, locked. */
async function oldestWholeDayLocked(
  tx: Executor,
  companyId: string,
  employeeId: string,
  ...conditions: SQL[]
) {
  const [row] = await tx
    .select()
    .from(timeOff)
    .where(
      and(
        eq(timeOff.companyId, companyId),
        eq(timeOff.employeeId, employeeId),
        isNull(timeOff.startTime),
        ...conditions,
      ),
    )
    .orderBy(asc(timeOff.createdAt), asc(timeOff.id))
    .limit(1)
    .for("update");
  return row;
}

/** The employee's approved whole-day time off covering `date` (any kind). */
const approvedCovering = (tx: Executor, companyId: string, employeeId: string, date: string) =>
  oldestWholeDayLocked(
    tx,
    companyId,
    employeeId,
    eq(timeOff.status, "approved"),
    lte(timeOff.startDate, date),
    gte(timeOff.endDate, date),
  );

/** The employee's pending whole-day sick request for exactly `date`. */
const pendingRequest = (tx: Executor, companyId: string, employeeId: string, date: string) =>
  oldestWholeDayLocked(
    tx,
    companyId,
    employeeId,
    eq(timeOff.kind, "sick"),
    eq(timeOff.status, "pending"),
    eq(timeOff.startDate, date),
    eq(timeOff.endDate, date),
  );

/** Approved time off for `date`: the employee's pending sick request approved, the approved time off kept, or a new sick day. */
export async function recordSickDay(
  tx: Executor,
  member: CompanyAccess,
  absent: { id: string },
  date: string,
): Promise<SickDay> {
  const request = await pendingRequest(tx, member.companyId, absent.id, date);
  if (request) {
    const [approved] = await tx
      .update(timeOff)
      .set({
        status: "approved",
        decidedBy: member.userId,
        decidedAt: new Date(),
        ...nextVersion(request, member.userId),
      })
      .where(eq(timeOff.id, request.id))
      .returning();
    return { row: approved, approvedRequest: true, action: "approved" };
  }
  const covering = await approvedCovering(tx, member.companyId, absent.id, date);
  if (covering) return { row: covering, approvedRequest: false, action: "kept" };
  const row = await insertTimeOff(tx, member, {
    employeeId: absent.id,
    startDate: date,
    endDate: date,
    startTime: null,
    endTime: null,
    kind: "sick",
    note: null,
    status: "approved",
  });
  return { row, approvedRequest: false, action: "added" };
}

/**
 * Takes the re-plan's day off back, as it was before: removes the time off it added, puts
 * the employee's request it approved back to pending, or leaves time off approved before
 * (`kept`). It must be this employee's approved time off in this company (else 404).
 */
export async function takeBackSickDay(
  tx: Executor,
  member: CompanyAccess,
  employeeId: string,
  timeOffId: string,
  action: TimeOffAction,
): Promise<TakenBack> {
  const [locked] = await tx
    .select()
    .from(timeOff)
    .where(
      and(
        eq(timeOff.id, timeOffId),
        eq(timeOff.companyId, member.companyId),
        eq(timeOff.employeeId, employeeId),
        eq(timeOff.status, "approved"),
      ),
    )
    .for("update");
  if (!locked) throw new NotFound(TIME_OFF_NOT_FOUND);
  if (action === "kept") return { row: locked, action };
  if (action === "approved") {
    const [reopened] = await tx
      .update(timeOff)
      .set({ status: "pending", decidedBy: null, decidedAt: null, ...nextVersion(locked, member.userId) })
      .where(eq(timeOff.id, locked.id))
      .returning();
    return { row: reopened, action };
  }
  await tx.delete(timeOff).where(eq(timeOff.id, locked.id));
  return { row: locked, action };
}

export type TakenBack = { row: TimeOffRow; action: TimeOffAction };

/** After commit: the boards and My Day shade the day, as for time off entered or decided on its own. */
export function announceSickDay(day: SickDay) {
  if (day.action === "kept") return;
  announceTimeOff(day.approvedRequest ? "time_off.updated" : "time_off.created", day.row);
}
export function announceSickDayTakenBack(taken: TakenBack) {
  if (taken.action === "kept") return;
  announceTimeOff(taken.action === "approved" ? "time_off.updated" : "time_off.deleted", taken.row);
}
