/**
 * The visit as an .ics attachment (docs/customers.md): one event at the
 * job's wall-clock time in the company's time zone, with that zone's VTIMEZONE, lasting
 * the job's duration. UID is the job's id and SEQUENCE its version, like the calendar feed,
 * so a calendar that took the first confirmation moves that event when the visit moves.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import { vtimezoneOf } from "../presenters/calendar-feed";

export type VisitFacts = {
  jobId: string;
  version: number;
  date: string;
  time: string;
  durationMinutes: number;
  timeZone: string;
  companyName: string;
  jobType: string;
  location: string;
  isCancelled?: boolean;
};

export function renderVisitIcs(visit: VisitFacts, stamp = new Date()): string {
  const zone = vtimezoneOf(visit.timeZone);
  const eventZone = zone?.tzid ?? "UTC";
  const calendar = ical({
    prodId: { company: "Scheduler", product: "Booking" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: (tzid) => (zone && tzid === zone.tzid ? zone.block : null) },
  });
  const start = DateTime.fromISO(`${visit.date}T${visit.time}`, { zone: eventZone });
  calendar.createEvent({
    id: `${visit.jobId}@scheduler`,
    sequence: visit.version,
    start,
    end: start.plus({ minutes: visit.durationMinutes }),
    timezone: zone?.tzid ?? null,
    summary: `${visit.jobType} – ${visit.companyName}`,
    location: visit.location,
    status: visit.isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp,
  });
  return calendar.toString();
}
