/**
 * A recurring job's e-mail (docs/customers.md): the pattern and the next
 * three visits, once when the series is made and once per change of its rule. Dropped when
 * the series is gone or ended, its customer unsubscribed or was deleted, notices are off,
 * or no visit is ahead.
 */

import { seriesIdOfKey } from "@sched/core/customer-notices/keys";
import { refusalOf } from "@sched/core/customer-notices/opt-out";
import { addDays } from "@sched/core/lib/dates";
import { describeRule, occurrencesBetween } from "@sched/core/lib/recurrence";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import {
  type CustomerNoticeRow,
  loadNoticeSeries,
  type NoticeSeries,
  nextSeriesVisitDates,
} from "@sched/core/queries/customer-notice-facts";
import { companyTimeFormat, dateIn } from "@sched/shared-types";
import { deliverRendered, dropNotice } from "../mail/deliver-notice";
import { renderSeriesNotice } from "../mail/series-notice";

type NoticeRow = CustomerNoticeRow;

const NEXT_VISITS = 3;

/** The rule's next dates from `today` (a year ahead at most), each moved by the series' shift. */
function ruleDates(series: NoticeSeries, today: string): string[] {
  const from = series.startDate > today ? series.startDate : today;
  return occurrencesBetween(series.rrule, series.startDate, from, addDays(from, 366))
    .map((date) => addDays(date, series.shiftDays))
    .slice(0, NEXT_VISITS);
}

export async function sendSeriesNotice(notice: NoticeRow): Promise<"sent" | "skipped"> {
  const settings = await loadCompanySettings(notice.companyId);
  const seriesId = seriesIdOfKey(notice.dedupeKey) ?? "";
  const found = await loadNoticeSeries(notice, seriesId);
  const nextDates = found
    ? await nextSeriesVisitDates(found.series.id, dateIn(new Date(), settings.timeZone), NEXT_VISITS)
    : [];
  // A series starting beyond the horizon has no rows yet: its rule gives the dates.
  if (found && nextDates.length === 0)
    nextDates.push(...ruleDates(found.series, dateIn(new Date(), settings.timeZone)));
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
        timeFormat: companyTimeFormat(settings),
        nextDates,
        unsubscribeLink,
      }),
    [],
  );
  return "sent";
}
