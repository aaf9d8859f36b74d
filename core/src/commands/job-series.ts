/**
 * Recurring jobs (docs/schedule.md): a series is a rule plus what each
 * occurrence is made of; its occurrences are real job rows, made up to a horizon ahead
 * (SERIES_HORIZON_WEEKS from today). `generatedUntil` records how far a series was
 * expanded and the unique (series, occurrence date) index refuses a second copy, so
 * extending twice creates nothing and an occurrence deleted on its own never comes back.
 */
import {
  type JobSeriesCreatedDTO,
  pickJobFields,
  SERIES_FIELDS,
  SERIES_HORIZON_WEEKS,
  type TJobSeriesCreate,
  type WeeklyScheduleDTO,
} from "@sched/shared-types";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { noticeSeries } from "../customer-notices/series-notice";
import { db, type Executor } from "../db/client";
import { jobSeries, jobs } from "../db/schema";
import { BadRequest } from "../errors";
import { addDays, toDateString, weekStartOf } from "../lib/dates";
import { occurrencesBetween, readRule } from "../lib/recurrence";
import { notifyJobChange } from "../notifications/notify";
import { jobPlaceOnSave } from "../places/on-save";
import { assertAssignableEmployee } from "../policies/assignable-employee";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";
import { defaultJobSkills, knownSkills } from "../queries/company-skills";
import { defaultJobDuration } from "../queries/job-durations";
import { assertCustomerOfCompany } from "./customer-links";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";

type SeriesRow = typeof jobSeries.$inferSelect;
type JobRow = typeof jobs.$inferSelect;

export const SERIES_NOT_FOUND = "Recurring job not found";
export const START_TOO_EARLY = `Start date must not be more than ${SERIES_HORIZON_WEEKS} weeks in the past`;
export const UNTIL_BEFORE_START = "Repeat rule UNTIL must not be before the start date";

const HORIZON_DAYS = SERIES_HORIZON_WEEKS * 7;

/** The last date occurrences exist for, seen from `today`. */
export const horizonFrom = (today: string) => addDays(today, HORIZON_DAYS);

/** Today's calendar date on the server's clock (UTC): the horizon's starting point. */
export const utcToday = () => toDateString(new Date());

type Expansion = { created: JobRow[]; weeks: WeeklyScheduleDTO[] };

/**
 * Makes the occurrences of the locked `series` after its `generatedUntil` (from its start
 * on a new series) up to `until`, and records `until`. An ended series makes none.
 * `remakeFrom` (a changed rule) makes them again from that date on, whatever was made
 * before: the unique index keeps an occurrence that stayed from being made twice.
 * Each lands `shiftDays` from its rule date.
 */
export async function expandSeries(
  tx: Executor,
  series: SeriesRow,
  until: string,
  remakeFrom?: string,
): Promise<Expansion> {
  if (series.endedAt || (!remakeFrom && series.generatedUntil && series.generatedUntil >= until)) {
    return { created: [], weeks: [] };
  }
  const from = remakeFrom ?? (series.generatedUntil ? addDays(series.generatedUntil, 1) : series.startDate);
  const dates = occurrencesBetween(series.rrule, series.startDate, from, until);
  // Every occurrence is at the series' location: one place for all (docs/places.md).
  const place =
    dates.length === 0
      ? {}
      : await jobPlaceOnSave(tx, series.companyId, undefined, series.location, series.customerId);
  const created =
    dates.length === 0
      ? []
      : await tx
          .insert(jobs)
          .values(
            dates.map((date) => ({
              // What the series decides for every occurrence (shared-types/src/job-fields.ts).
              ...pickJobFields(series, SERIES_FIELDS),
              ...place,
              companyId: series.companyId,
              date: addDays(date, series.shiftDays),
              seriesId: series.id,
              occurrenceDate: date,
            })),
          )
          .onConflictDoNothing({ target: [jobs.seriesId, jobs.occurrenceDate] })
          .returning();
  const generatedUntil =
    series.generatedUntil && series.generatedUntil > until ? series.generatedUntil : until;
  await tx.update(jobSeries).set({ generatedUntil }).where(eq(jobSeries.id, series.id));
  // Occurrences count in the history like any job: each week they land in gets its row.
  const weeks: WeeklyScheduleDTO[] = [];
  for (const weekStart of new Set(created.map((row) => weekStartOf(row.date ?? series.startDate)))) {
    const week = await ensureWeeklySchedule(tx, series.companyId, weekStart);
    if (week) weeks.push(week);
  }
  return { created, weeks };
}

/** After commit: the new history weeks and one event for the whole batch. */
export async function announceSeriesChange(
  companyId: string,
  seriesId: string,
  weeks: readonly WeeklyScheduleDTO[] = [],
): Promise<void> {
  for (const week of weeks) publish(companyId, "weeklySchedule.created", week);
  publish(companyId, "jobSeries.changed", { companyId, seriesId });
}

/**
 * POST /api/job-series: the series and its occurrences up to the horizon, in one
 * transaction. A start further back than the horizon reaches ahead is refused, so a typo
 * in the year cannot fill years of history with jobs.
 */
export async function createJobSeries(
  member: CompanyAccess,
  input: Omit<TJobSeriesCreate, "customerId" | "customerEmail" | "customerPhone"> &
    Partial<Pick<TJobSeriesCreate, "customerId" | "customerEmail" | "customerPhone">>,
  today = utcToday(),
): Promise<JobSeriesCreatedDTO> {
  const { companyId } = member;
  if (input.startDate < addDays(today, -HORIZON_DAYS)) {
    throw new BadRequest(START_TOO_EARLY, [{ path: "startDate", message: START_TOO_EARLY }]);
  }
  const rule = readRule(input.rrule);
  if (rule.until && rule.until < input.startDate) {
    throw new BadRequest(UNTIL_BEFORE_START, [{ path: "rrule", message: UNTIL_BEFORE_START }]);
  }
  await assertAssignableEmployee(db, companyId, input.employeeId);
  if (input.customerId) await assertCustomerOfCompany(db, companyId, input.customerId);
  const durationMinutes = input.durationMinutes ?? (await defaultJobDuration(companyId, input.type));
  // Left out: the job type's skills (Settings); named: only the company's (docs/schedule.md, "Skills").
  const requiredSkills =
    input.requiredSkills === undefined
      ? await defaultJobSkills(companyId, input.type)
      : await knownSkills(companyId, input.requiredSkills, "requiredSkills");
  const { series, expansion } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(jobSeries)
      .values({
        ...pickJobFields(input, SERIES_FIELDS),
        companyId,
        durationMinutes,
        requiredSkills,
        startDate: input.startDate,
        rrule: input.rrule,
        updatedBy: member.userId,
      })
      .returning();
    return { series: inserted, expansion: await expandSeries(tx, inserted, horizonFrom(today)) };
  });
  await announceSeriesChange(companyId, series.id, expansion.weeks);
  // The technician hears of the series once, through its first occurrence, not once per date.
  const [first] = [...expansion.created].sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""));
  if (first) await notifyJobChange(member, { type: "created", job: first });
  // The customer hears of it once, with the pattern and the next dates.
  await noticeSeries(series, "series_confirmation");
  return { id: series.id, created: expansion.created.length };
}

/**
 * The daily sweep: every open series expanded to the horizon seen from `today`. Each
 * series is locked while it grows, so two sweeps at once make each occurrence once.
 * Answers how many occurrences were made.
 */
export async function extendOpenSeries(today = utcToday()): Promise<number> {
  const horizon = horizonFrom(today);
  const open = await db
    .select({ id: jobSeries.id })
    .from(jobSeries)
    .where(
      and(
        isNull(jobSeries.endedAt),
        or(isNull(jobSeries.generatedUntil), lt(jobSeries.generatedUntil, horizon)),
      ),
    )
    .orderBy(asc(jobSeries.id));
  let made = 0;
  for (const { id } of open) {
    const outcome = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(jobSeries).where(eq(jobSeries.id, id)).for("update");
      return locked ? { series: locked, expansion: await expandSeries(tx, locked, horizon) } : undefined;
    });
    if (!outcome || outcome.expansion.created.length === 0) continue;
    made += outcome.expansion.created.length;
    await announceSeriesChange(outcome.series.companyId, id, outcome.expansion.weeks);
  }
  return made;
}
