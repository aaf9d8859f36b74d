/**
 * Approving a person's week and reopening it (docs/timesheets.md). Approval locks the week's
 * entries (later clock taps and corrections answer 409 locked); only the owner reopens it.
 * Both are kept in the history. `version` is the week's as last seen: 0 for a week never
 * approved; another one answers 409 stale with the week as it is now.
 */
import { type TimesheetWeekDTO, type TTimesheetWeekAction, WEEK_NOT_APPROVED } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { employees, timeEntryChanges, timesheetWeeks } from "../db/schema";
import { Conflict, NotFound, Stale } from "../errors";
import { authorize } from "../policies/authorize";
import type { CompanyAccess } from "../policies/company-access";
import { presentTimesheetWeek } from "../presenters/timesheets";
import { publish } from "../publish";
import { lockPersonWeek } from "../timesheets/week-lock";
import { staleMessage } from "./versions";

const EMPLOYEE_NOT_FOUND = "Employee not found";

async function lockedWeek(tx: Executor, companyId: string, input: TTimesheetWeekAction) {
  const [employee] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, input.employeeId), eq(employees.companyId, companyId)));
  if (!employee) throw new NotFound(EMPLOYEE_NOT_FOUND);
  await lockPersonWeek(tx, companyId, input.employeeId, input.weekStart);
  const [row] = await tx
    .select()
    .from(timesheetWeeks)
    .where(
      and(
        eq(timesheetWeeks.companyId, companyId),
        eq(timesheetWeeks.employeeId, input.employeeId),
        eq(timesheetWeeks.weekStart, input.weekStart),
      ),
    )
    .for("update");
  if ((row?.version ?? 0) !== input.version) {
    throw new Stale(staleMessage("Someone else", "week"), presentTimesheetWeek(input, row));
  }
  return row;
}

async function setStatus(
  member: CompanyAccess,
  input: TTimesheetWeekAction,
  status: "approved" | "open",
): Promise<TimesheetWeekDTO> {
  const { companyId, userId } = member;
  const row = await db.transaction(async (tx) => {
    const current = await lockedWeek(tx, companyId, input);
    if (status === "open" && current?.status !== "approved") throw new Conflict(WEEK_NOT_APPROVED);
    if (status === "approved" && current?.status === "approved") return current;
    const [saved] = await tx
      .insert(timesheetWeeks)
      .values({
        companyId,
        employeeId: input.employeeId,
        weekStart: input.weekStart,
        status,
        updatedBy: userId,
      })
      .onConflictDoUpdate({
        target: [timesheetWeeks.companyId, timesheetWeeks.employeeId, timesheetWeeks.weekStart],
        set: { status, version: (current?.version ?? 0) + 1, updatedBy: userId, updatedAt: new Date() },
      })
      .returning();
    await tx.insert(timeEntryChanges).values({
      companyId,
      employeeId: input.employeeId,
      weekStart: input.weekStart,
      kind: status === "approved" ? "approved" : "reopened",
      changedBy: userId,
    });
    return saved;
  });
  publish(companyId, "timesheet.changed", {
    companyId,
    employeeId: input.employeeId,
    weekStart: input.weekStart,
  });
  return presentTimesheetWeek(input, row);
}

/** POST /api/timesheets/approve: owners and admins. */
export function approveWeek(member: CompanyAccess, input: TTimesheetWeekAction) {
  authorize(member, "manageTimesheets");
  return setStatus(member, input, "approved");
}

/** POST /api/timesheets/reopen: the owner. */
export function reopenWeek(member: CompanyAccess, input: TTimesheetWeekAction) {
  authorize(member, "reopenTimesheets");
  return setStatus(member, input, "open");
}
