/**
 * A calendar feed as RFC 5545 text (docs/settings.md), written by
 * ical-generator. Each job is one event at its wall-clock time in the company's time zone,
 * as long as the job lasts; approved time off is a busy (OPAQUE) event of its own,
 * with that zone's VTIMEZONE, so a phone shows 09:00 as 09:00 whatever its own zone
 * does. The UID is the job's id and SEQUENCE its version: a phone's calendar updates
 * the event it already has instead of adding another.
 */
import { addDays, TIME_OFF_KIND_LABELS, type TimeOffKind } from "@sched/shared-types";
import ical, { type ICalCalendar, ICalEventStatus, ICalEventTransparency } from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { CalendarFeed, CalendarFeedJob, CalendarFeedTimeOff } from "../queries/calendar-feed";

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
      end: start.plus({ minutes: job.durationMinutes }),
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
  for (const off of feed.timeOff) addTimeOff(calendar, off, zone?.tzid);
  return calendar.toString();
}

/**
 * Approved time off: whole days as an all-day event (its end the day after, as RFC 5545
 * counts), part of a day at its times; OPAQUE, so the phone shows the person busy.
 */
function addTimeOff(calendar: ICalCalendar, off: CalendarFeedTimeOff, tzid: string | undefined) {
  const kind = TIME_OFF_KIND_LABELS[off.kind as TimeOffKind] ?? "Time off";
  const common = {
    id: `time-off-${off.id}@scheduler`,
    sequence: off.version,
    summary: `Time off – ${kind}`,
    description: off.note,
    status: ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
    stamp: off.updatedAt,
    created: off.createdAt,
    lastModified: off.updatedAt,
  };
  if (off.startTime && off.endTime) {
    const zone = tzid ?? "UTC";
    calendar.createEvent({
      ...common,
      start: DateTime.fromISO(`${off.startDate}T${off.startTime}`, { zone }),
      end: DateTime.fromISO(`${off.endDate}T${off.endTime}`, { zone }),
      timezone: tzid ?? null,
    });
    return;
  }
  calendar.createEvent({
    ...common,
    allDay: true,
    start: DateTime.fromISO(off.startDate, { zone: "UTC" }),
    end: DateTime.fromISO(addDays(off.endDate, 1), { zone: "UTC" }),
  });
}
