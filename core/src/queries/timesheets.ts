/**
 * GET /api/timesheets (docs/timesheets.md): a week per person, made from their clock entries
 * and job taps. The office reads everyone's; anyone else only their own (a member linked to
 * no roster employee has none).
 */
import type { TimesheetChangeDTO, TimesheetDTO, TTimesheetQuery } from "@sched/shared-types";
import { and, asc, eq, gte, inArray, lt, or } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { employees, jobTaps, timeEntries, timeEntryChanges, timesheetWeeks, users } from "../db/schema";
import { Forbidden, NotFound } from "../errors";
import { addDays } from "../lib/dates";
import { isAllowed } from "../policies/authorize";
import type { CompanyAccess } from "../policies/company-access";
import { linkedEmployeeOf } from "../policies/job-progress";
import { presentChange, presentTimesheet, type TimesheetPerson } from "../presenters/timesheets";
import { type EntryFacts, startOfLocalDay, type TapFacts } from "../timesheets/week-hours";
import { loadCompanySettings } from "./company-settings";

export const OWN_TIMESHEET_ONLY = "You can see only your own timesheet";
const EMPLOYEE_NOT_FOUND = "Employee not found";

type Person = TimesheetPerson;

/** Whose weeks the member reads: everyone's (or the one asked for) for the office, else their own. */
async function peopleFor(member: CompanyAccess, employeeId: string | undefined): Promise<Person[]> {
  const columns = { id: employees.id, name: employees.name, isActive: employees.isActive };
  if (isAllowed(member, "readAllTimesheets")) {
    const rows = await db
      .select(columns)
      .from(employees)
      .where(
        employeeId
          ? and(eq(employees.companyId, member.companyId), eq(employees.id, employeeId))
          : eq(employees.companyId, member.companyId),
      )
      .orderBy(asc(employees.name));
    if (employeeId && rows.length === 0) throw new NotFound(EMPLOYEE_NOT_FOUND);
    return rows;
  }
  const own = await linkedEmployeeOf(db, member);
  if (employeeId && employeeId !== own) throw new Forbidden(OWN_TIMESHEET_ONLY);
  if (!own) return [];
  return db.select(columns).from(employees).where(eq(employees.id, own));
}

/** The instants a week covers in the company's time zone: Monday's start to next Monday's. */
export function weekRange(weekStart: string, timeZone: string) {
  return { from: startOfLocalDay(weekStart, timeZone), to: startOfLocalDay(addDays(weekStart, 7), timeZone) };
}

/** Everyone's facts of the week, grouped by person. */
async function weekFacts(
  executor: Executor,
  companyId: string,
  ids: string[],
  range: { from: Date; to: Date },
) {
  const entries = await executor
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.companyId, companyId),
        inArray(timeEntries.employeeId, ids),
        gte(timeEntries.clockIn, range.from),
        lt(timeEntries.clockIn, range.to),
      ),
    );
  const entryIds = entries.map((entry) => entry.id);
  const corrected =
    entryIds.length === 0
      ? []
      : await executor
          .selectDistinct({ entryId: timeEntryChanges.entryId })
          .from(timeEntryChanges)
          .where(and(inArray(timeEntryChanges.entryId, entryIds), eq(timeEntryChanges.kind, "corrected")));
  const taps = await executor
    .select()
    .from(jobTaps)
    .where(
      and(
        eq(jobTaps.companyId, companyId),
        inArray(jobTaps.employeeId, ids),
        gte(jobTaps.at, range.from),
        lt(jobTaps.at, range.to),
      ),
    );
  const edited = new Set(corrected.map((row) => row.entryId));
  return {
    entriesOf: (employeeId: string): EntryFacts[] =>
      entries
        .filter((entry) => entry.employeeId === employeeId)
        .map((entry) => ({ ...entry, isEdited: edited.has(entry.id) })),
    tapsOf: (employeeId: string): TapFacts[] => taps.filter((tap) => tap.employeeId === employeeId),
  };
}

export async function loadTimesheets(
  member: CompanyAccess,
  query: Pick<TTimesheetQuery, "weekStart" | "employeeId">,
  now = new Date(),
): Promise<TimesheetDTO[]> {
  const people = await peopleFor(member, query.employeeId);
  if (people.length === 0) return [];
  const settings = await loadCompanySettings(member.companyId);
  const ids = people.map((person) => person.id);
  const facts = await weekFacts(db, member.companyId, ids, weekRange(query.weekStart, settings.timeZone));
  const weeks = await db
    .select()
    .from(timesheetWeeks)
    .where(
      and(
        eq(timesheetWeeks.companyId, member.companyId),
        inArray(timesheetWeeks.employeeId, ids),
        eq(timesheetWeeks.weekStart, query.weekStart),
      ),
    );
  return (
    people
      .map((person) =>
        presentTimesheet(
          person,
          weeks.find((week) => week.employeeId === person.id),
          { entries: facts.entriesOf(person.id), taps: facts.tapsOf(person.id) },
          query.weekStart,
          settings,
          now,
        ),
      )
      // Someone no longer on the roster shows only for a week they worked.
      .filter((sheet, index) => people[index].isActive || sheet.days.some((day) => day.entries.length > 0))
  );
}

/**
 * An entry's history, oldest first, with the names of who changed it: its own changes and
 * the approvals and reopenings of its week.
 */
export async function loadEntryHistory(
  entry: { id: string; employeeId: string; companyId: string },
  weekStart: string,
): Promise<TimesheetChangeDTO[]> {
  const rows = await db
    .select({ change: timeEntryChanges, firstName: users.firstName, lastName: users.lastName })
    .from(timeEntryChanges)
    .leftJoin(users, eq(users.id, timeEntryChanges.changedBy))
    .where(
      or(
        eq(timeEntryChanges.entryId, entry.id),
        and(
          eq(timeEntryChanges.companyId, entry.companyId),
          eq(timeEntryChanges.employeeId, entry.employeeId),
          eq(timeEntryChanges.weekStart, weekStart),
        ),
      ),
    )
    .orderBy(asc(timeEntryChanges.changedAt));
  return rows.map(({ change, firstName, lastName }) => presentChange(change, firstName, lastName));
}
