/**
 * A customer cancels their visit on the visit page (docs/visits.md): the job is cancelled
 * (a change of the job like any other: its version grows) and its online booking with it,
 * before the company's cutoff only. Announced after the commit: the board and My Day update
 * live, and the customer's cancellation notice follows the usual rules.
 */
import type { VisitDTO } from "@sched/shared-types";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "../db/client";
import { bookings, jobs } from "../db/schema";
import { presentBookingRequest } from "../presenters/booking";
import { publish } from "../publish";
import { loadVisit } from "../queries/visits";
import { announceVisitChange } from "../visits/announce-visit-change";
import { openVisit } from "../visits/open-visit";
import { assertChangeable } from "../visits/visit-rules";
import { nextVersion } from "./versions";

export async function cancelVisit(token: string, now = new Date()): Promise<VisitDTO> {
  const { before, after, requests } = await db.transaction(async (tx) => {
    const visit = await openVisit(token, { executor: tx, lockJob: true, now });
    const live = assertChangeable(visit, now);
    const [updated] = await tx
      .update(jobs)
      .set({ status: "cancelled", completedAt: null, arrivalEstimateAt: null, ...nextVersion(live, null) })
      .where(eq(jobs.id, live.id))
      .returning();
    // The request leaves the office's list too (its version grows: an approval made on it is stale).
    const requests = await tx
      .update(bookings)
      .set({
        status: "cancelled",
        updatedAt: new Date(),
        updatedBy: null,
        version: sql`${bookings.version} + 1`,
      })
      .where(
        and(
          eq(bookings.companyId, live.companyId),
          eq(bookings.jobId, live.id),
          inArray(bookings.status, ["requested", "booked"]),
        ),
      )
      .returning();
    return { before: live, after: updated, requests };
  });
  for (const request of requests)
    publish(request.companyId, "booking.updated", presentBookingRequest(request));
  await announceVisitChange(before, after);
  return loadVisit(token, now);
}
