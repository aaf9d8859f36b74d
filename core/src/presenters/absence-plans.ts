import type { AbsencePlanUndoableDTO } from "@sched/shared-types";
import type { absencePlans } from "../db/schema";

export type AbsencePlanRow = typeof absencePlans.$inferSelect;

/** A sick-day re-plan the board can still undo. */
export function presentAbsencePlan(row: AbsencePlanRow): AbsencePlanUndoableDTO {
  return {
    id: row.id,
    employeeId: row.employeeId,
    date: row.date,
    timeOffId: row.timeOffId,
    timeOffAction: row.timeOffAction as AbsencePlanUndoableDTO["timeOffAction"],
    jobs: row.jobs,
    createdAt: row.createdAt.toISOString(),
  };
}
