/**
 * A recurring job's e-mail (docs/customers.md, "Booking notices"): the pattern and the next
 * three visits, once when the series is made and once per change of its rule. Dropped when
 * the series is gone or ended, its customer unsubscribed or was deleted, notices are off,
 * or no visit is ahead.
 */
import { seriesIdOfKey } from "@sched/core/customer-notices/keys";
import { refusalOf } from "@sched/core/customer-notices/opt-out";
import { db } from "@sched/core/db/client";
import { companies, type customerNotices, jobSeries, jobs } from "@sched/core/db/schema";
import { addDays } from "@sched/core/lib/dates";
import { describeRule, occurrencesBetween } from "@sched/core/lib/recurrence";
import { todayIn } from "@sched/core/queries/calendar-feed";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import { and, asc, eq, gte } from "drizzle-orm";
import { deliverRendered, dropNotice } from "../mail/deliver-notice";
import { renderSeriesNotice } from "../mail/series-notice";

type NoticeRow = typeof customerNotices.$inferSelect;

const NEXT_VISITS = 3;

/** The rule's next dates from `today` (a year ahead at most), each moved by the series' shift. */
function ruleDates(series: typeof jobSeries.$inferSelect, today: string): string[] {
  const from = series.startDate > today ? series.startDate : today;
  return occurrencesBetween(series.rrule, series.startDate, from, addDays(from, 366))
    .map((date) => addDays(date, series.shiftDays))
    .slice(0, NEXT_VISITS);
}

export async function sendSeriesNotice(notice: NoticeRow): Promise<"sent" | "skipped"> {
  const settings = await loadCompanySettings(notice.companyId);
  const seriesId = seriesIdOfKey(notice.dedupeKey) ?? "";
  const [found] = await db
    .select({ series: jobSeries, companyName: companies.name })
    .from(jobSeries)
    .innerJoin(companies, eq(companies.id, jobSeries.companyId))
    .where(and(eq(jobSeries.id, seriesId), eq(jobSeries.companyId, notice.companyId)));
  const next = found
    ? await db
        .select({ date: jobs.date })
        .from(jobs)
        .where(
          and(
            eq(jobs.seriesId, found.series.id),
            eq(jobs.status, "scheduled"),
            gte(jobs.date, todayIn(settings.timeZone)),
          ),
        )
        .orderBy(asc(jobs.date))
        .limit(NEXT_VISITS)
    : [];
  const nextDates = next.flatMap((job) => (job.date ? [job.date] : []));
  // A series starting beyond the horizon has no rows yet: its rule gives the dates.
  if (found && nextDates.length === 0) nextDates.push(...ruleDates(found.series, todayIn(settings.timeZone)));
  const skip = !found
    ? "series deleted"
    : found.series.endedAt
      ? "series ended"
      : ((await refusalOf({ ...notice, email: notice.recipient })) ??
        (!settings.customerNotices
          ? "notices turned off"
          : nextDates.length === 0
            ? "no visit ahead"
            : undefined));
  if (skip || !found) {
    await dropNotice(notice, skip);
    return "skipped";
  }
  const { series, companyName } = found;
  await deliverRendered(
    notice,
    (unsubscribeLink) =>
      renderSeriesNotice({
        kind: notice.kind as "series_confirmation" | "series_change",
        companyName,
        jobType: series.type,
        location: series.location,
        pattern: describeRule(series.rrule, series.startDate),
        time: series.time,
        country: settings.country,
        nextDates,
        unsubscribeLink,
      }),
    [],
  );
  return "sent";
}
