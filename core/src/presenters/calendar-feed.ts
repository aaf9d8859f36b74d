/**
 * A calendar feed as RFC 5545 text (docs/settings.md, "Calendar feed"), written by
 * ical-generator. Each job is one event at its wall-clock time in the company's time zone,
 * with that zone's VTIMEZONE, so a phone shows 09:00 as 09:00 whatever its own zone
 * does. The UID is the job's id and SEQUENCE its version: a phone's calendar updates
 * the event it already has instead of adding another.
 */
import ical, { ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { CalendarFeed, CalendarFeedJob } from "../queries/calendar-feed";

/** Jobs have no length yet: each is shown as an hour. */
const JOB_HOURS = 1;
/** How often a calendar app should come back for changes (a hint; apps choose). */
const REFRESH_SECONDS = 60 * 60;
const UTC_ZONES = new Set(["UTC", "Etc/UTC"]);

/**
 * The zone's VTIMEZONE block and the TZID it names, undefined for UTC (plain UTC times
 * need none) or a zone the library does not know (then the feed speaks UTC, still right).
 * The library answers an alias (Asia/Calcutta) with its current name (Asia/Kolkata):
 * events must name the TZID the block defines.
 */
export function vtimezoneOf(timeZone: string): { tzid: string; block: string } | undefined {
  if (UTC_ZONES.has(timeZone)) return undefined;
  const found = tzlib_get_ical_block(timeZone);
  if (!Array.isArray(found) || typeof found[0] !== "string") return undefined;
  const tzid = /^TZID=(.+)$/.exec(found[1] ?? "")?.[1];
  return tzid && !UTC_ZONES.has(tzid) ? { tzid, block: found[0] } : undefined;
}

function descriptionOf(job: CalendarFeedJob): string | null {
  const lines = [
    job.description?.trim(),
    job.customerPhone ? `Customer phone: ${job.customerPhone}` : undefined,
  ];
  const text = lines.filter(Boolean).join("\n");
  return text === "" ? null : text;
}

export function renderCalendarFeed(feed: CalendarFeed): string {
  const zone = vtimezoneOf(feed.timeZone);
  const eventZone = zone?.tzid ?? "UTC";
  const calendar = ical({
    prodId: { company: "Scheduler", product: "Calendar feed" },
    name: `${feed.companyName} – ${feed.employeeName}`,
    ttl: REFRESH_SECONDS,
    // No calendar-wide zone: with one, the library would write DTSTAMP in it instead of UTC.
    timezone: { name: null, generator: (tzid) => (zone && tzid === zone.tzid ? zone.block : null) },
    x: [["X-WR-TIMEZONE", eventZone]],
  });
  for (const job of feed.jobs) {
    // An unscheduled job has no slot to show (the query already leaves them out).
    if (!job.date || !job.time) continue;
    const start = DateTime.fromISO(`${job.date}T${job.time}`, { zone: eventZone });
    calendar.createEvent({
      id: `${job.id}@scheduler`,
      sequence: job.version,
      start,
      end: start.plus({ hours: JOB_HOURS }),
      timezone: zone?.tzid ?? null,
      summary: `${job.type} – ${job.location}`,
      location: job.location,
      description: descriptionOf(job),
      status: job.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      stamp: job.updatedAt,
      created: job.createdAt,
      lastModified: job.updatedAt,
    });
  }
  return calendar.toString();
}
