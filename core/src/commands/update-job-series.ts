/**
 * PUT /api/job-series/:id (docs/schedule.md; docs/api.md): the series
 * changed from a date on. Occurrences dated before `from` (or before today, whichever is
 * later), completed ones and ones where work started stay as the record of what happened;
 * occurrences changed on their own (detached) keep their change unless `includeDetached`.
 * A new rule starts on `from` (its DTSTART: "every 2 weeks" from an edited occurrence
 * counts from that occurrence, not from the series' first date); the reached occurrences
 * on one of its dates stay (ids, notes and history kept), the others go, and the missing
 * dates are made. Other fields are written onto the reached occurrences where they are.
 */
import {
  dateIn,
  givesFirstDate,
  type JobSeriesDTO,
  RRULE_MESSAGES,
  SERIES_FIELDS,
  sameJobFieldValue,
  type TJobSeriesUpdate,
  type WeeklyScheduleDTO,
} from "@sched/shared-types";
import { and, eq, gte, inArray, not, notInArray, type SQL, sql } from "drizzle-orm";
import { noticeSeries } from "../customer-notices/series-notice";
import { db, type Executor } from "../db/client";
import { jobSeries, jobs } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { weekStartOf } from "../lib/dates";
import { occurrencesBetween, readRule } from "../lib/recurrence";
import { jobsPlaceOnBulkSave } from "../places/on-save";
import { assertAssignableEmployee } from "../policies/assignable-employee";
import type { CompanyAccess } from "../policies/authorize";
import { presentSeries } from "../presenters/job-series";
import { loadCompanySettings } from "../queries/company-settings";
import { knownSkills } from "../queries/company-skills";
import { assertCustomerOfCompany } from "./customer-links";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import {
  announceSeriesChange,
  expandSeries,
  horizonFrom,
  SERIES_NOT_FOUND,
  UNTIL_BEFORE_START,
} from "./job-series";
import { assertCurrentVersion, nextVersion } from "./versions";

type SeriesRow = typeof jobSeries.$inferSelect;

export const SERIES_ENDED = "This recurring job has ended: it can no longer be changed";

/** What a series-wide change (including a rule) did: for the notices after commit. */
export type SeriesUpdate = {
  series: JobSeriesDTO;
  before: SeriesRow;
  /** True when the rule changed and the reached occurrences were made again. */
  remade: boolean;
  /** The first date the change applies from. */
  from: string;
};

/** GET /api/job-series/:id: the row the route's door already scoped to the company. */
export const getJobSeries = (row: SeriesRow): JobSeriesDTO => presentSeries(row);

/** The series fields the request changes, with their new values. */
function fieldChanges(row: SeriesRow, input: TJobSeriesUpdate) {
  const change: Record<string, unknown> = {};
  for (const field of SERIES_FIELDS) {
    const value = input[field];
    if (value !== undefined && !sameJobFieldValue(row[field], value)) change[field] = value;
  }
  return change as Partial<Pick<SeriesRow, (typeof SERIES_FIELDS)[number]>>;
}

/** The occurrences a change from `from` reaches: not yet done, not started, detached only when asked. */
function reached(seriesId: string, from: string, includeDetached: boolean): SQL {
  const conditions = [
    eq(jobs.seriesId, seriesId),
    gte(jobs.date, from),
    inArray(jobs.status, ["scheduled", "cancelled"]),
  ];
  if (!includeDetached) conditions.push(not(jobs.isDetached));
  return and(...conditions) as SQL;
}

/**
 * The reached occurrences after a new rule: those on one of its dates stay where the rule
 * puts them, with the change (the occurrence being edited is kept, not made again); the
 * others go; the dates without one are made. Answers the history weeks opened.
 */
async function remakeOccurrences(
  tx: Executor,
  series: SeriesRow,
  change: ReturnType<typeof fieldChanges>,
  where: SQL,
  { from, until, userId }: { from: string; until: string; userId: string },
): Promise<WeeklyScheduleDTO[]> {
  const dates = occurrencesBetween(series.rrule, series.startDate, from, until);
  await tx.delete(jobs).where(dates.length > 0 ? and(where, notInArray(jobs.occurrenceDate, dates)) : where);
  const weeks: WeeklyScheduleDTO[] = [];
  if (dates.length > 0) {
    // An occurrence moved by an earlier shift goes back to its rule date: a week of its own, maybe.
    const moved = await tx
      .update(jobs)
      .set({
        ...change,
        ...(await jobsPlaceOnBulkSave(tx, series.companyId, change.location, series.customerId)),
        date: sql`${jobs.occurrenceDate}`,
        version: sql`${jobs.version} + 1`,
        updatedBy: userId,
        updatedAt: new Date(),
      })
      .where(where)
      .returning({ date: jobs.date });
    for (const weekStart of new Set(moved.flatMap((job) => (job.date ? [weekStartOf(job.date)] : [])))) {
      const week = await ensureWeeklySchedule(tx, series.companyId, weekStart);
      if (week) weeks.push(week);
    }
  }
  return [...weeks, ...(await expandSeries(tx, series, until, from)).weeks];
}

/**
 * Changes the series `seriesId` (scoped to the member's company by the route) from
 * `input.from` on, in one transaction on the locked series; 409 stale on another version.
 */
export async function updateJobSeries(
  member: CompanyAccess,
  seriesId: string,
  input: TJobSeriesUpdate,
): Promise<SeriesUpdate> {
  const { companyId } = member;
  if (input.employeeId) await assertAssignableEmployee(db, companyId, input.employeeId);
  if (input.customerId) await assertCustomerOfCompany(db, companyId, input.customerId);
  const { timeZone } = await loadCompanySettings(companyId);
  const today = dateIn(new Date(), timeZone);
  const from = input.from > today ? input.from : today;
  const { before, after, weeks, remade } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(jobSeries).where(eq(jobSeries.id, seriesId)).for("update");
    if (!locked) throw new NotFound(SERIES_NOT_FOUND);
    await assertCurrentVersion(tx, locked, input.version, "recurring job", () => presentSeries(locked));
    if (locked.endedAt) throw new BadRequest(SERIES_ENDED);
    const rrule = input.rrule !== undefined && input.rrule !== locked.rrule ? input.rrule : undefined;
    if (rrule) {
      const until = readRule(rrule).until;
      if (until && until < input.from) {
        throw new BadRequest(UNTIL_BEFORE_START, [{ path: "rrule", message: UNTIL_BEFORE_START }]);
      }
      // Counted from `from`, where the new rule starts: a rule with no date there would end
      // the series' future without saying so (the same check as on create).
      if (!givesFirstDate(rrule, input.from)) {
        throw new BadRequest(RRULE_MESSAGES.noDate, [{ path: "rrule", message: RRULE_MESSAGES.noDate }]);
      }
    }
    if (input.requiredSkills !== undefined) {
      // The company's names, as it spells them; a skill it has since removed may stay.
      input.requiredSkills = await knownSkills(
        companyId,
        input.requiredSkills,
        "requiredSkills",
        locked.requiredSkills,
        tx,
      );
    }
    const change = fieldChanges(locked, input);
    const [updated] = await tx
      .update(jobSeries)
      .set({
        ...change,
        // The new rule gives the dates as the person saw them in the preview: it starts on
        // `from`, with no earlier shift.
        ...(rrule ? { rrule, startDate: input.from, shiftDays: 0 } : {}),
        ...nextVersion(locked, member.userId),
      })
      .where(eq(jobSeries.id, seriesId))
      .returning();
    const where = reached(seriesId, from, input.includeDetached);
    let madeWeeks: WeeklyScheduleDTO[] = [];
    if (rrule) {
      const horizon = horizonFrom(today);
      const until =
        locked.generatedUntil && locked.generatedUntil > horizon ? locked.generatedUntil : horizon;
      madeWeeks = await remakeOccurrences(tx, updated, change, where, { from, until, userId: member.userId });
    } else if (Object.keys(change).length > 0) {
      await tx
        .update(jobs)
        .set({
          ...change,
          // A new location: a new place, except where one was found for it (docs/places.md).
          ...(await jobsPlaceOnBulkSave(tx, companyId, change.location, updated.customerId)),
          version: sql`${jobs.version} + 1`,
          updatedBy: member.userId,
          updatedAt: new Date(),
        })
        .where(where);
    }
    return { before: locked, after: updated, weeks: madeWeeks, remade: Boolean(rrule) };
  });
  await announceSeriesChange(companyId, seriesId, weeks);
  // New dates or a new time: the customer hears of them once.
  if (remade || before.time !== after.time) await noticeSeries(after, "series_change");
  return { series: presentSeries(after), before, remade, from };
}
