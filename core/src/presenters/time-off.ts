/**
 * Time off as the API shows it (docs/time-off.md). The office and the person themselves
 * see it in full; anyone else sees who is away and when, never why (no kind, no note).
 */
import type { TimeOffDTO, TimeOffKind, TimeOffSignal, TimeOffStatus } from "@sched/shared-types";
import type { timeOff } from "../db/schema";

export type TimeOffRow = typeof timeOff.$inferSelect;

export function presentTimeOff(row: TimeOffRow): TimeOffDTO {
  return {
    id: row.id,
    employeeId: row.employeeId,
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime,
    endTime: row.endTime,
    kind: row.kind as TimeOffKind,
    note: row.note,
    status: row.status as TimeOffStatus,
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** Someone else's time off as a colleague sees it: who is away, not why. */
export function presentTimeOffToColleague(row: TimeOffRow): TimeOffDTO {
  return { ...presentTimeOff(row), kind: null, note: null };
}

/** What `time_off.*` events carry to every member of the company. */
export function timeOffSignal(row: Pick<TimeOffRow, "id" | "companyId" | "employeeId">): TimeOffSignal {
  return { id: row.id, companyId: row.companyId, employeeId: row.employeeId };
}
