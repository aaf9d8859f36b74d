/**
 * A recurring job's e-mail to its customer (docs/customers.md): the
 * pattern in words and the next visits, when the series is made or its rule changes.
 */
import { formatCalendarDate } from "@sched/core/customer-notices/visit-time";
import { formatClock, type TimeFormat } from "@sched/shared-types";
import { renderNoticeWords } from "./customer-notice";
import { withInertCompanyName } from "./layout";

export type SeriesNoticeFacts = {
  kind: "series_confirmation" | "series_change";
  companyName: string;
  jobType: string;
  location: string;
  /** "every week on Tuesday", as describeRule says it. */
  pattern: string;
  time: string;
  timeFormat: TimeFormat;
  /** The next visits' calendar dates, soonest first. */
  nextDates: string[];
  unsubscribeLink: string;
};

const formatDay = (date: string) =>
  formatCalendarDate(date, { weekday: "short", month: "long", day: "numeric" });

export function renderSeriesNotice(given: SeriesNoticeFacts) {
  const facts = withInertCompanyName(given);
  const clock = formatClock(facts.time, facts.timeFormat);
  const visit = `${facts.jobType} at ${facts.location}`;
  const next = `The next visits: ${facts.nextDates.map(formatDay).join("; ")}.`;
  const words =
    facts.kind === "series_confirmation"
      ? {
          subject: `Your regular visits from ${facts.companyName}: ${facts.pattern} at ${clock}`,
          title: "Your regular visits are booked",
          lines: [
            `${facts.companyName} booked a regular visit (${visit}): ${facts.pattern} at ${clock}.`,
            next,
          ],
        }
      : {
          subject: `Your regular visits from ${facts.companyName} have changed: ${facts.pattern} at ${clock}`,
          title: "Your regular visits have changed",
          lines: [
            `${facts.companyName} changed your regular visit (${visit}): now ${facts.pattern} at ${clock}.`,
            next,
          ],
        };
  return renderNoticeWords(words, facts.companyName, facts.unsubscribeLink);
}
