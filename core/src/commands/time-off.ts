/**
 * Asking for, deciding and removing time off (docs/time-off.md). A technician asks for
 * their own linked employee and waits (pending); an owner or admin enters anyone's and it
 * is approved at once. Every change is committed, then announced to the company (who, not
 * why) and then to the bell. `insertTimeOff` and `announceTimeOff` are the building blocks
 * the sick day's re-plan reuses inside its own transaction.
 */
import {
  can,
  dateIn,
  TIME_OFF_EMPLOYEE_REQUIRED,
  TIME_OFF_IN_THE_PAST,
  TIME_OFF_NOT_FOUND,
  TIME_OFF_NOT_LINKED,
  TIME_OFF_NOT_PENDING,
  TIME_OFF_ONLY_OWN,
  type TimeOffDTO,
  type TTimeOffCreate,
  type TTimeOffDecision,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { employees, timeOff } from "../db/schema";
import { BadRequest, Forbidden, NotFound } from "../errors";
import { notifyMembers } from "../notifications/notify";
import { timeOffDecidedNotices, timeOffRequestedNotices } from "../notifications/time-off";
import type { CompanyAccess } from "../policies/company-access";
import { linkedEmployeeOf } from "../policies/job-progress";
import { presentTimeOff, type TimeOffRow, timeOffSignal } from "../presenters/time-off";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { EMPLOYEE_NOT_IN_COMPANY } from "./save-job";
import { assertCurrentVersion, nextVersion } from "./versions";

export type NewTimeOff = Pick<
  typeof timeOff.$inferInsert,
  "employeeId" | "startDate" | "endDate" | "startTime" | "endTime" | "kind" | "note" | "status"
>;

/**
 * Writes one time off in `tx` as `member` made it; approved time off records them as the
 * decider too. The caller announces it after its transaction commits (announceTimeOff).
 */
export async function insertTimeOff(
  tx: Executor,
  member: CompanyAccess,
  values: NewTimeOff,
): Promise<TimeOffRow> {
  const decided = values.status !== "pending";
  const [row] = await tx
    .insert(timeOff)
    .values({
      ...values,
      companyId: member.companyId,
      requestedBy: member.userId,
      decidedBy: decided ? member.userId : null,
      decidedAt: decided ? new Date() : null,
      updatedBy: member.userId,
    })
    .returning();
  return row;
}

/** After commit: every board and My Day of the company refetches; the payload says who, never why. */
export function announceTimeOff(
  event: "time_off.created" | "time_off.updated" | "time_off.deleted",
  row: Pick<TimeOffRow, "id" | "companyId" | "employeeId">,
): void {
  publish(row.companyId, event, timeOffSignal(row));
}

/** The employee the time off is for: the office names anyone of the company, a technician only themselves. */
async function employeeFor(member: CompanyAccess, requested: string | undefined): Promise<string> {
  if (can(member.role, "manageTimeOff")) {
    const employeeId = requested ?? (await linkedEmployeeOf(db, member));
    if (!employeeId) {
      throw new BadRequest(TIME_OFF_EMPLOYEE_REQUIRED, [
        { path: "employeeId", message: TIME_OFF_EMPLOYEE_REQUIRED },
      ]);
    }
    const [found] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, employeeId), eq(employees.companyId, member.companyId)));
    if (!found) {
      throw new BadRequest(EMPLOYEE_NOT_IN_COMPANY, [
        { path: "employeeId", message: EMPLOYEE_NOT_IN_COMPANY },
      ]);
    }
    return employeeId;
  }
  const linked = await linkedEmployeeOf(db, member);
  if (!linked) throw new Forbidden(TIME_OFF_NOT_LINKED);
  if (requested && requested !== linked) throw new Forbidden(TIME_OFF_ONLY_OWN);
  return linked;
}

/** POST /api/time-off */
export async function requestTimeOff(
  member: CompanyAccess,
  input: TTimeOffCreate,
  now = new Date(),
): Promise<TimeOffDTO> {
  const employeeId = await employeeFor(member, input.employeeId);
  const office = can(member.role, "manageTimeOff");
  if (!office && input.kind !== "sick") {
    // Only a sick day may be reported after the fact; a holiday is asked for ahead.
    const { timeZone } = await loadCompanySettings(member.companyId);
    if (input.startDate < dateIn(now, timeZone)) {
      throw new BadRequest(TIME_OFF_IN_THE_PAST, [{ path: "startDate", message: TIME_OFF_IN_THE_PAST }]);
    }
  }
  const row = await insertTimeOff(db, member, {
    employeeId,
    startDate: input.startDate,
    endDate: input.endDate,
    startTime: input.startTime,
    endTime: input.endTime,
    kind: input.kind,
    note: input.note,
    status: office ? "approved" : "pending",
  });
  announceTimeOff("time_off.created", row);
  if (row.status === "pending") {
    await notifyMembers(member, "time off requested", (people, timeFormat) =>
      timeOffRequestedNotices(row, people, member.userId, timeFormat),
    );
  }
  return presentTimeOff(row);
}

/** PUT /api/time-off/:id: approve or decline, on the version the office saw (409 stale otherwise). */
export async function decideTimeOff(
  member: CompanyAccess,
  id: string,
  decision: TTimeOffDecision,
): Promise<TimeOffDTO> {
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(timeOff)
      .where(and(eq(timeOff.id, id), eq(timeOff.companyId, member.companyId)))
      .for("update");
    if (!locked) throw new NotFound(TIME_OFF_NOT_FOUND);
    await assertCurrentVersion(tx, locked, decision.version, "time off", () => presentTimeOff(locked));
    const [updated] = await tx
      .update(timeOff)
      .set({
        status: decision.status,
        decidedBy: member.userId,
        decidedAt: new Date(),
        ...nextVersion(locked, member.userId),
      })
      .where(eq(timeOff.id, id))
      .returning();
    return updated;
  });
  announceTimeOff("time_off.updated", row);
  await notifyMembers(member, "time off decided", (people, timeFormat) =>
    timeOffDecidedNotices(row, decision.status, people, member.userId, timeFormat),
  );
  return presentTimeOff(row);
}

/**
 * DELETE /api/time-off/:id: the office removes any; the requester withdraws their own
 * while it is still pending. Removing one already gone changes nothing.
 */
export async function removeTimeOff(member: CompanyAccess, row: TimeOffRow): Promise<void> {
  if (!can(member.role, "manageTimeOff")) {
    if (row.requestedBy !== member.userId) throw new Forbidden();
    if (row.status !== "pending") throw new Forbidden(TIME_OFF_NOT_PENDING);
  }
  const gone = await db
    .delete(timeOff)
    .where(
      and(
        eq(timeOff.id, row.id),
        // The technician's withdrawal loses to an approval that came first.
        can(member.role, "manageTimeOff") ? undefined : eq(timeOff.status, "pending"),
      ),
    )
    .returning();
  if (gone.length === 0 && !can(member.role, "manageTimeOff")) throw new Forbidden(TIME_OFF_NOT_PENDING);
  if (gone.length > 0) announceTimeOff("time_off.deleted", row);
}
