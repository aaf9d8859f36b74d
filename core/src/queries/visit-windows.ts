/**
 * The windows a visit may move to (the visit page's Reschedule, docs/customer-pages.md):
 * those the booking page would offer for the job's own length, skills and place, the job
 * itself left out so it never blocks its own move, from today in the company's time zone.
 * Only while Reschedule is open: past the cutoff it is the same 409 as the move itself.
 * core/src/commands/reschedule-visit.ts checks the chosen window against this same list.
 */
import { dateIn, type OfferedWindowDTO, type TVisitWindowsQuery } from "@sched/shared-types";
import { DEFAULT_WINDOW_DAYS } from "../booking/public-windows";
import { offeredWindows } from "../booking/windows";
import { db } from "../db/client";
import { openVisit } from "../visits/open-visit";
import { assertChangeable } from "../visits/visit-rules";

export async function visitWindows(
  token: string,
  query: TVisitWindowsQuery,
  now = new Date(),
): Promise<OfferedWindowDTO[]> {
  const visit = await openVisit(token, { now });
  const job = assertChangeable(visit, now);
  return offeredWindows(db, {
    companyId: visit.link.companyId,
    service: {
      jobType: job.type,
      durationMinutes: job.durationMinutes,
      requiredSkills: job.requiredSkills ?? [],
    },
    place: job.placeLat === null || job.placeLng === null ? null : { lat: job.placeLat, lng: job.placeLng },
    from: query.from ?? dateIn(now, visit.terms.timeZone),
    days: query.days ?? DEFAULT_WINDOW_DAYS,
    excludeJobId: job.id,
    now,
  });
}
