/**
 * A customer moves their visit to another offered window on the visit page (docs/visits.md).
 * The window must be one the booking page would offer for the job's own length and skills
 * (core/src/booking/windows.ts, the job itself left out so it never blocks its own move);
 * under the company's lock for the new day the best technician who can still make it is
 * chosen, and the job moves there in the same transaction, its version grown. The old
 * window is free as soon as that commits. A request still waiting for the office moves its
 * requested day and window instead. 409 `window_taken` when the window went meanwhile; 409
 * past the company's cutoff.
 */
import {
  type LatLng,
  type TVisitReschedule,
  VISIT_WINDOW_NOT_OFFERED,
  type VisitDTO,
} from "@sched/shared-types";
import { and, eq, sql } from "drizzle-orm";
import { fitInWindow, lockBookingDay, offeredWindows, type ServiceNeed } from "../booking/windows";
import { db } from "../db/client";
import { bookings, jobs, visitLinks } from "../db/schema";
import { BadRequest, WindowTaken } from "../errors";
import { DEFAULT_BOOKING_SETTINGS, presentBookingRequest } from "../presenters/booking";
import { publish } from "../publish";
import { loadBookingSettingsRow } from "../queries/booking-settings";
import { loadVisit } from "../queries/visits";
import { announceVisitChange } from "../visits/announce-visit-change";
import { type JobRow, openVisit, visitStatus } from "../visits/open-visit";
import { visitLinkExpiry } from "../visits/visit-link";
import { assertChangeable } from "../visits/visit-rules";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import { nextVersion } from "./versions";

const placeOf = (job: JobRow): LatLng | null =>
  job.placeLat === null || job.placeLng === null ? null : { lat: job.placeLat, lng: job.placeLng };

/** The job's own need: a reschedule keeps its length and skills, whatever the settings say today. */
const needOf = (job: JobRow): ServiceNeed => ({
  jobType: job.type,
  durationMinutes: job.durationMinutes,
  requiredSkills: job.requiredSkills ?? [],
});

/** The company's window that starts at `start`, or 400: the page offers no such window at all. */
async function windowAt(companyId: string, start: string) {
  // A company that never saved booking settings offers the default windows (as windows.ts does).
  const settings = (await loadBookingSettingsRow(companyId)) ?? DEFAULT_BOOKING_SETTINGS;
  const window = settings.windows.find((one) => one.start === start);
  if (!window) {
    throw new BadRequest(VISIT_WINDOW_NOT_OFFERED, [{ path: "start", message: VISIT_WINDOW_NOT_OFFERED }]);
  }
  return window;
}

export async function rescheduleVisit(
  token: string,
  input: TVisitReschedule,
  now = new Date(),
): Promise<VisitDTO> {
  // Read once outside the lock: the rules and the windows offered now (the job left out).
  const seen = await openVisit(token, { now });
  const seenJob = assertChangeable(seen, now);
  const { companyId } = seen.link;
  const window = await windowAt(companyId, input.start);
  const query = {
    companyId,
    service: needOf(seenJob),
    place: placeOf(seenJob),
    excludeJobId: seenJob.id,
    now,
  };
  const offered = await offeredWindows(db, { ...query, from: input.date, days: 1 });
  if (!offered.some((one) => one.date === input.date && one.start === input.start)) throw new WindowTaken();

  const { before, after, week, requests } = await db.transaction(async (tx) => {
    // The day's lock first, as a booking takes it: two people never take its last place.
    await lockBookingDay(tx, companyId, input.date);
    const visit = await openVisit(token, { executor: tx, lockJob: true, now });
    const live = assertChangeable(visit, now);
    const fit = await fitInWindow(tx, {
      ...query,
      service: needOf(live),
      place: placeOf(live),
      date: input.date,
      start: window.start,
      end: window.end,
    });
    if (!fit) throw new WindowTaken();
    if (visitStatus(visit.job, visit.booking) === "requested") {
      // Still the office's to approve: the request moves, holding its new place.
      const requests = await tx
        .update(bookings)
        .set({
          requestedDate: input.date,
          windowStart: window.start,
          windowEnd: window.end,
          suggestedEmployeeId: fit.employeeId,
          suggestedTime: fit.time,
          updatedAt: new Date(),
          updatedBy: null,
          version: sql`${bookings.version} + 1`,
        })
        .where(
          and(
            eq(bookings.companyId, companyId),
            eq(bookings.jobId, live.id),
            eq(bookings.status, "requested"),
          ),
        )
        .returning();
      const [touched] = await tx
        .update(jobs)
        .set({ updatedAt: new Date() })
        .where(eq(jobs.id, live.id))
        .returning();
      return { before: live, after: touched, week: undefined, requests };
    }
    const [moved] = await tx
      .update(jobs)
      .set({
        employeeId: fit.employeeId,
        date: input.date,
        time: fit.time,
        arrivalWindow: { start: window.start, end: window.end },
        ...nextVersion(live, null),
      })
      .where(eq(jobs.id, live.id))
      .returning();
    // The link now lasts 30 days after the new date.
    await tx
      .update(visitLinks)
      .set({ expiresAt: visitLinkExpiry(input.date) })
      .where(eq(visitLinks.id, visit.link.id));
    const week = await ensureWeeklySchedule(tx, companyId, input.date);
    return { before: live, after: moved, week, requests: [] };
  });
  if (week) publish(companyId, "weeklySchedule.created", week);
  // The office's list of requests shows the new day at once.
  for (const request of requests) publish(companyId, "booking.updated", presentBookingRequest(request));
  await announceVisitChange(before, after);
  return loadVisit(token, now);
}
