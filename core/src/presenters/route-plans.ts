import type { RoutePlanDTO } from "@sched/shared-types";
import type { routePlans, users } from "../db/schema";

export type RoutePlanRow = typeof routePlans.$inferSelect;
export type RoutePlanAppliedBy = Pick<typeof users.$inferSelect, "firstName" | "lastName"> | null;

/** An applied optimization the board can still undo, with who applied it. */
export function presentRoutePlan(row: RoutePlanRow, appliedBy: RoutePlanAppliedBy): RoutePlanDTO {
  return {
    id: row.id,
    date: row.date,
    appliedAt: row.createdAt.toISOString(),
    appliedBy:
      row.appliedBy && appliedBy
        ? { userId: row.appliedBy, name: `${appliedBy.firstName} ${appliedBy.lastName}`.trim() }
        : null,
    moves: row.jobs.length,
    savedMinutes: row.savedMinutes,
    jobs: row.jobs,
  };
}
