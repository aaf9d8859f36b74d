/** Timesheets as the API shows them (docs/timesheets.md): a person's week, an entry's changes. */
import type {
  CompanySettingsDTO,
  TimesheetChangeDTO,
  TimesheetDTO,
  TimesheetStatus,
  TimesheetWeekDTO,
} from "@sched/shared-types";
import type { timeEntryChanges, timesheetWeeks } from "../db/schema";
import { type EntryFacts, overtimeOf, type TapFacts, weekDays } from "../timesheets/week-hours";

export type TimesheetPerson = { id: string; name: string; isActive: boolean };

/** One person's week as the API shows it. */
export function presentTimesheet(
  person: TimesheetPerson,
  week: { status: string; version: number } | undefined,
  facts: { entries: EntryFacts[]; taps: TapFacts[] },
  weekStart: string,
  settings: CompanySettingsDTO,
  now: Date,
): TimesheetDTO {
  const days = weekDays(
    weekStart,
    facts.entries,
    facts.taps,
    settings.timeZone,
    now,
    settings.longDayMinutes,
  );
  return {
    employeeId: person.id,
    employeeName: person.name,
    status: (week?.status ?? "open") as TimesheetStatus,
    version: week?.version ?? 0,
    days,
    ...overtimeOf(days, settings),
  };
}

/** A person's week as approving or reopening it answers: open until a row says approved. */
export const presentTimesheetWeek = (
  week: { employeeId: string; weekStart: string },
  row: typeof timesheetWeeks.$inferSelect | undefined,
): TimesheetWeekDTO => ({
  employeeId: week.employeeId,
  weekStart: week.weekStart,
  status: row?.status === "approved" ? "approved" : "open",
  version: row?.version ?? 0,
});

type ChangeRow = typeof timeEntryChanges.$inferSelect;

export function presentChange(
  change: ChangeRow,
  firstName: string | null,
  lastName: string | null,
): TimesheetChangeDTO {
  return {
    id: change.id,
    entryId: change.entryId,
    kind: change.kind as TimesheetChangeDTO["kind"],
    changedAt: change.changedAt.toISOString(),
    changedBy: firstName === null ? null : `${firstName} ${lastName ?? ""}`.trim(),
    before: change.before ?? null,
    after: change.after ?? null,
    reason: change.reason,
  };
}
