import type { JobSeriesDTO } from "@sched/shared-types";
import type { jobSeries } from "../db/schema";

/** A recurring job's series as the API answers it. */
export function presentSeries(row: typeof jobSeries.$inferSelect): JobSeriesDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    employeeId: row.employeeId,
    type: row.type,
    location: row.location,
    description: row.description,
    time: row.time,
    durationMinutes: row.durationMinutes,
    customerId: row.customerId,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    requiredSkills: row.requiredSkills ?? [],
    arrivalWindow: row.arrivalWindow ? { start: row.arrivalWindow.start, end: row.arrivalWindow.end } : null,
    flexible: row.flexible ?? false,
    startDate: row.startDate,
    rrule: row.rrule,
    shiftDays: row.shiftDays,
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    version: row.version,
  };
}
