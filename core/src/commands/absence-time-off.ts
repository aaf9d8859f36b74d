/**
 * The time off a sick day's re-plan records and its Undo takes back (docs/time-off.md, "The
 * sick day"), inside the re-plan's own transaction, so the day off and the moves commit
 * together or not at all. When the employee already asked for that day off (a pending
 * whole-day sick request, as "I'm sick today" makes), the re-plan approves that request
 * instead of adding a second time off, and its Undo puts it back to pending.
 */
import { TIME_OFF_NOT_FOUND } from "@sched/shared-types";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../db/client";
import { timeOff } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/authorize";
import type { TimeOffRow } from "../presenters/time-off";
import { announceTimeOff, insertTimeOff } from "./time-off";
import { nextVersion } from "./versions";

/** What the re-plan did about the day off: made one, or approved the employee's own request. */
export type SickDay = { row: TimeOffRow; approvedRequest: boolean };

/** The employee's pending whole-day sick request for exactly `date`, locked; the oldest if several. */
async function pendingRequest(tx: Executor, companyId: string, employeeId: string, date: string) {
  const [request] = await tx
    .select()
    .from(timeOff)
    .where(
      and(
        eq(timeOff.companyId, companyId),
        eq(timeOff.employeeId, employeeId),
        eq(timeOff.kind, "sick"),
        eq(timeOff.status, "pending"),
        eq(timeOff.startDate, date),
        eq(timeOff.endDate, date),
        isNull(timeOff.startTime),
      ),
    )
    .orderBy(asc(timeOff.createdAt), asc(timeOff.id))
    .limit(1)
    .for("update");
  return request;
}

/** Approved sick time off for `date`: the employee's pending request approved, or a new one. */
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
    return { row: approved, approvedRequest: true };
  }
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
  return { row, approvedRequest: false };
}

/**
 * Takes the re-plan's day off back: removes the time off it made, or (`reopenRequest`) puts
 * the employee's request it approved back to pending. It must be this employee's approved
 * time off in this company (else 404).
 */
export async function takeBackSickDay(
  tx: Executor,
  member: CompanyAccess,
  employeeId: string,
  timeOffId: string,
  reopenRequest: boolean,
): Promise<{ row: TimeOffRow; reopened: boolean }> {
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
  if (reopenRequest) {
    const [reopened] = await tx
      .update(timeOff)
      .set({ status: "pending", decidedBy: null, decidedAt: null, ...nextVersion(locked, member.userId) })
      .where(eq(timeOff.id, locked.id))
      .returning();
    return { row: reopened, reopened: true };
  }
  await tx.delete(timeOff).where(eq(timeOff.id, locked.id));
  return { row: locked, reopened: false };
}

/** After commit: the boards and My Day shade the day, as for time off entered or decided on its own. */
export const announceSickDay = (day: SickDay) =>
  announceTimeOff(day.approvedRequest ? "time_off.updated" : "time_off.created", day.row);
export const announceSickDayTakenBack = (taken: { row: TimeOffRow; reopened: boolean }) =>
  announceTimeOff(taken.reopened ? "time_off.updated" : "time_off.deleted", taken.row);
