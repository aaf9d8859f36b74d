import type { WeeklyScheduleDTO } from "@sched/shared-types";
import type { weeklySchedules } from "../db/schema";

export function presentWeeklySchedule(row: typeof weeklySchedules.$inferSelect): WeeklyScheduleDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    weekStartDate: row.weekStartDate,
    weekEndDate: row.weekEndDate,
    name: row.name,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}
