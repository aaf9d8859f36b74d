/**
 * The sick day's Undo (docs/time-off.md): every job back with the employee
 * at the time it had, each at the version the apply left (one changed since: 409 stale,
 * nothing undone), and the day off as it was before (removed, the request pending again, or
 * time off approved before left alone), in one transaction. Either as the request names it
 * or from the plan the server kept at the apply (absence_plan), which survives a reload.
 */
import { ABSENCE_PLAN_MESSAGES, type AbsencePlanUndoneDTO, type TAbsencePlanUndo } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { type AbsencePlanUndoJob, absencePlans, employees } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { type DayReplan, dayReplanUndoneNotices } from "../notifications/day-replan";
import { notifyMembers } from "../notifications/notify";
import type { CompanyAccess } from "../policies/authorize";
import { announceSickDayTakenBack, type TimeOffAction, takeBackSickDay } from "./absence-time-off";
import { announceJobs, type Employee, type JobRow, lockAtVersions, writeSlot } from "./apply-absence-plan";
import { EMPLOYEE_INACTIVE } from "./save-job";

/** What an Undo takes back: the day's jobs (time before, version after the apply) and the time off. */
type UndoTarget = {
  timeOffId: string;
  /** The re-planned day; null: the time off's first day (the request-body Undo's sick day). */
  date: string | null;
  action: TimeOffAction;
  jobs: AbsencePlanUndoJob[];
  /** The kept plan being undone: gone already (undone meanwhile) is 404. */
  planId?: string;
};

/**
 * The Undo: every job back with the absent employee on the day at the time named (the one
 * it had before), each at the version the apply answered, and the time off taken back. A
 * job changed since is 409 stale and nothing is undone; the kept plan goes with it.
 */
async function undoDay(
  member: CompanyAccess,
  absent: Employee,
  target: UndoTarget,
): Promise<AbsencePlanUndoneDTO> {
  const { companyId } = member;
  // The board lists active employees only: jobs given back to someone made inactive since would vanish.
  if (!absent.isActive && target.jobs.length > 0) throw new BadRequest(EMPLOYEE_INACTIVE);
  const { taken, date, changes } = await db.transaction(async (tx) => {
    if (target.planId) {
      const [gone] = await tx
        .delete(absencePlans)
        .where(and(eq(absencePlans.id, target.planId), eq(absencePlans.companyId, companyId)))
        .returning({ id: absencePlans.id });
      if (!gone) throw new NotFound(ABSENCE_PLAN_MESSAGES.notFound);
    }
    const taken = await takeBackSickDay(tx, member, absent.id, target.timeOffId, target.action);
    const date = target.date ?? taken.row.startDate;
    // Undone through the request body: the kept plan of that day has nothing left to undo.
    await tx
      .delete(absencePlans)
      .where(
        and(
          eq(absencePlans.companyId, companyId),
          eq(absencePlans.timeOffId, target.timeOffId),
          eq(absencePlans.date, date),
        ),
      );
    const locked = await lockAtVersions(tx, companyId, target.jobs);
    const changes: { before: JobRow; after: JobRow }[] = [];
    for (const { jobId, time } of target.jobs) {
      const before = locked.get(jobId) as JobRow;
      const after = await writeSlot(tx, member, before, { employeeId: absent.id, date, time });
      // A job back from the tray was never announced to its customer as moved: the slot they
      // were last told of is the one it returns to, so no notice goes out for it.
      changes.push({
        before: before.date === null ? { ...before, date, time } : before,
        after,
      });
    }
    return { taken, date, changes };
  });
  announceSickDayTakenBack(taken);
  const restored = await announceJobs(member, changes);
  const given = changes.flatMap(({ before }) =>
    before.employeeId && before.employeeId !== absent.id && before.time
      ? [{ jobId: before.id, employeeId: before.employeeId, time: before.time }]
      : [],
  );
  const replan: DayReplan = { absentEmployeeId: absent.id, absentName: absent.name, date, given };
  await notifyMembers(member, "day re-plan undone", (people) =>
    dayReplanUndoneNotices(replan, member.userId, people),
  );
  return { restored };
}

/**
 * The Undo as the request names it (POST /api/employees/:id/absence-plan/undo). Time off the
 * re-plan found approved already stays, whatever the body says.
 */
export async function undoAbsencePlan(
  member: CompanyAccess,
  absent: Employee,
  input: TAbsencePlanUndo,
): Promise<AbsencePlanUndoneDTO> {
  const [kept] = await db
    .select({ date: absencePlans.date })
    .from(absencePlans)
    .where(
      and(
        eq(absencePlans.companyId, member.companyId),
        eq(absencePlans.timeOffId, input.timeOffId),
        eq(absencePlans.timeOffAction, "kept"),
      ),
    )
    .limit(1);
  const target: UndoTarget = kept
    ? { timeOffId: input.timeOffId, date: kept.date, action: "kept", jobs: input.jobs }
    : {
        timeOffId: input.timeOffId,
        date: null,
        action: input.reopenRequest ? "approved" : "added",
        jobs: input.jobs,
      };
  return undoDay(member, absent, target);
}

/** The Undo of a plan the server kept (POST /api/absence-plans/:id/undo): its own jobs and versions. */
export async function undoKeptAbsencePlan(
  member: CompanyAccess,
  plan: typeof absencePlans.$inferSelect,
): Promise<AbsencePlanUndoneDTO> {
  const [absent] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.id, plan.employeeId), eq(employees.companyId, member.companyId)));
  if (!absent) throw new NotFound(ABSENCE_PLAN_MESSAGES.notFound);
  return undoDay(member, absent, {
    timeOffId: plan.timeOffId,
    date: plan.date,
    action: plan.timeOffAction as TimeOffAction,
    jobs: plan.jobs,
    planId: plan.id,
  });
}
