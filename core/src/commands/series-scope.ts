/**
 * Editing and deleting occurrences of a recurring job with a scope (docs/schedule.md):
 * - `this`: the one occurrence (the ordinary job commands; a change of its own detaches it);
 * - `following`: the series and its occurrences from this one on;
 * - `all`: the series and its occurrences from today on. Occurrences dated before today
 *   are the record of work done and stay as they are, as do completed ones.
 * Occurrences changed on their own (detached) keep their change unless `includeDetached`.
 * The version check applies to the occurrence the user edited.
 */
import {
  dateIn,
  type JobDTO,
  SERIES_FIELDS,
  type SeriesField,
  type SeriesScope,
  sameJobFieldValue,
  type TJobUpdate,
  type WeeklyScheduleDTO,
} from "@sched/shared-types";
import { and, eq, gte, isNull, ne, not, or, type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { jobSeries, jobs } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { daysBetween, weekStartOf } from "../lib/dates";
import { notifyJobChange } from "../notifications/notify";
import { jobsPlaceOnBulkSave } from "../places/on-save";
import { authorize, type CompanyAccess } from "../policies/authorize";
import { loadCompanySettings } from "../queries/company-settings";
import { deleteJob } from "./delete-job";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import { announceSeriesChange, SERIES_NOT_FOUND } from "./job-series";
import { updateJob } from "./save-job";

type JobRow = typeof jobs.$inferSelect;
/** What a series-wide edit writes, on the series row and on its occurrences alike. */
type SeriesChange = Partial<Pick<typeof jobSeries.$inferInsert, SeriesField>>;

export const UNSCHEDULE_ONE_ONLY = "Only one occurrence at a time can be unscheduled: choose This job";

export type ScopeOptions = { scope: SeriesScope; includeDetached: boolean };

/** Today where the company is: what "past" means for its occurrences. */
async function companyToday(companyId: string, executor: Executor = db): Promise<string> {
  const { timeZone } = await loadCompanySettings(companyId, executor);
  return dateIn(new Date(), timeZone);
}

/** Lists (the skills a job needs) compare by their items. */
const isSame = sameJobFieldValue;

/** The series fields `input` changes on `row`, with their new values. */
function seriesChangeOf(row: JobRow, input: TJobUpdate): SeriesChange {
  const change: Record<string, unknown> = {};
  for (const field of SERIES_FIELDS) {
    if (field in input && !isSame(row[field], input[field as keyof TJobUpdate])) {
      change[field] = input[field as keyof TJobUpdate];
    }
  }
  // The schema checked each value; an unscheduling (null slot) was refused before this.
  return change as SeriesChange;
}

/**
 * The other occurrences a `following`/`all` change reaches: from the edited occurrence's
 * rule date on, or from today on; never completed ones, detached ones only when asked.
 */
function reachedOccurrences(edited: JobRow, seriesId: string, options: ScopeOptions, today: string): SQL {
  const from =
    options.scope === "following" && edited.occurrenceDate
      ? gte(jobs.occurrenceDate, edited.occurrenceDate)
      : gte(jobs.date, today);
  const conditions = [
    eq(jobs.seriesId, seriesId),
    ne(jobs.id, edited.id),
    from,
    ne(jobs.status, "completed"),
  ];
  if (!options.includeDetached) conditions.push(not(jobs.isDetached));
  return and(...conditions) as SQL;
}

/**
 * PUT /api/jobs/:id with a scope. `this` (or a job outside any series) is the ordinary
 * update. Otherwise the edited occurrence is saved first, with its version check, and
 * the change to the series' fields then goes to the series row (for the occurrences still
 * to be made) and to the occurrences the scope reaches; the rest of the request (status,
 * payment, a date of its own) stays with the edited occurrence.
 */
export async function updateOccurrences(
  member: CompanyAccess,
  row: JobRow,
  input: TJobUpdate,
  options: ScopeOptions,
  expectedVersion?: number,
): Promise<JobDTO> {
  const seriesId = row.seriesId;
  if (!seriesId || options.scope === "this")
    return updateJob(member, row.id, input, expectedVersion, { seen: row });
  authorize(member, "manageJobs");
  const unschedules = (["employeeId", "date", "time"] as const).some(
    (field) => field in input && !input[field],
  );
  if (unschedules) throw new BadRequest(UNSCHEDULE_ONE_ONLY);
  const change = seriesChangeOf(row, input);
  const shift = dayShiftOf(row, input);
  const saved = await updateJob(member, row.id, input, expectedVersion, { seriesWide: true, seen: row });
  if (Object.keys(change).length === 0 && shift === 0) return saved;
  const today = await companyToday(member.companyId);
  const weeks = await db.transaction(async (tx) => {
    const [series] = await tx.select().from(jobSeries).where(eq(jobSeries.id, seriesId)).for("update");
    if (!series) return [];
    await tx
      .update(jobSeries)
      .set({
        ...change,
        shiftDays: series.shiftDays + shift,
        version: series.version + 1,
        updatedBy: member.userId,
        updatedAt: new Date(),
      })
      .where(eq(jobSeries.id, seriesId));
    const moved = await tx
      .update(jobs)
      .set({
        ...change,
        // A new location: a new place, except where one was found for it (docs/places.md).
        ...(await jobsPlaceOnBulkSave(
          tx,
          member.companyId,
          change.location,
          change.customerId ?? series.customerId,
        )),
        ...(shift !== 0 ? { date: sql`${jobs.date} + ${shift}::integer` } : {}),
        version: sql`${jobs.version} + 1`,
        updatedBy: member.userId,
        updatedAt: new Date(),
      })
      .where(reachedOccurrences(row, seriesId, options, today))
      .returning({ date: jobs.date });
    return shift === 0 ? [] : weeksOf(tx, member.companyId, moved);
  });
  await announceSeriesChange(member.companyId, seriesId, weeks);
  return saved;
}

/** Days a "following"/"all" edit moves the edited occurrence, and so every one it reaches. */
function dayShiftOf(row: JobRow, input: TJobUpdate): number {
  if (!("date" in input) || !input.date || !row.date || input.date === row.date) return 0;
  return daysBetween(row.date, input.date);
}

/** The history week of each date jobs moved to, opened where it is new. */
async function weeksOf(tx: Executor, companyId: string, moved: { date: string | null }[]) {
  const weeks: WeeklyScheduleDTO[] = [];
  for (const weekStart of new Set(moved.flatMap((job) => (job.date ? [weekStartOf(job.date)] : [])))) {
    const week = await ensureWeeklySchedule(tx, companyId, weekStart);
    if (week) weeks.push(week);
  }
  return weeks;
}

/** Ends the series: no occurrence is made after this. */
async function endSeries(tx: Executor, seriesId: string, userId: string) {
  await tx
    .update(jobSeries)
    .set({
      endedAt: new Date(),
      version: sql`${jobSeries.version} + 1`,
      updatedBy: userId,
      updatedAt: new Date(),
    })
    .where(and(eq(jobSeries.id, seriesId), isNull(jobSeries.endedAt)));
}

/**
 * DELETE /api/jobs/:id with a scope. `this` deletes the one occurrence (the series never
 * makes it again: docs/schedule.md). `following` and `all` delete the occurrences the scope
 * reaches, this one included, and end the series.
 */
export async function deleteOccurrences(
  member: CompanyAccess,
  row: JobRow,
  options: ScopeOptions,
): Promise<void> {
  const seriesId = row.seriesId;
  if (!seriesId || options.scope === "this") return deleteJob(member, row);
  const today = await companyToday(member.companyId);
  const deleted = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(jobs)
      .where(or(eq(jobs.id, row.id), reachedOccurrences(row, seriesId, options, today)))
      .returning();
    await endSeries(tx, seriesId, member.userId);
    return removed;
  });
  await announceSeriesChange(member.companyId, seriesId);
  const edited = deleted.find((job) => job.id === row.id);
  if (edited) await notifyJobChange(member, { type: "deleted", job: edited });
}

/**
 * DELETE /api/job-series/:id: the series ends; its occurrences from today on go (completed
 * ones stay), the earlier ones stay as the record of work done. Deleting an ended series
 * again changes nothing.
 */
export async function deleteSeries(member: CompanyAccess, seriesId: string): Promise<void> {
  const today = await companyToday(member.companyId);
  const removed = await db.transaction(async (tx) => {
    const [series] = await tx.select().from(jobSeries).where(eq(jobSeries.id, seriesId)).for("update");
    if (!series) throw new NotFound(SERIES_NOT_FOUND);
    const gone = await tx
      .delete(jobs)
      .where(and(eq(jobs.seriesId, seriesId), gte(jobs.date, today), ne(jobs.status, "completed")))
      .returning({ id: jobs.id });
    await endSeries(tx, seriesId, member.userId);
    return gone;
  });
  if (removed.length > 0) await announceSeriesChange(member.companyId, seriesId);
}
