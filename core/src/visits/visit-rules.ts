/**
 * What a customer may still change on the visit page (docs/visits.md): Reschedule and Cancel
 * while the visit is booked (or a request still waits) and before the company's cutoff; a
 * note while the visit is still to come. Decided on the job's row locked for the write.
 */
import { VISIT_NOT_CHANGEABLE, visitCutoffMessage } from "@sched/shared-types";
import { Conflict } from "../errors";
import { cutoffOf, type JobRow, type OpenVisit, visitStatus } from "./open-visit";

/** The live job a change writes, or 409 when Reschedule and Cancel are closed. */
export function assertChangeable(visit: OpenVisit, now: Date): JobRow {
  const status = visitStatus(visit.job, visit.booking);
  if (!visit.live || (status !== "booked" && status !== "requested"))
    throw new Conflict(VISIT_NOT_CHANGEABLE);
  const cutoff = cutoffOf(visit.job, visit.booking, visit.terms);
  if (cutoff && now.getTime() >= cutoff.getTime()) {
    throw new Conflict(visitCutoffMessage(visit.terms.cutoffHours));
  }
  return visit.live;
}

/** The live job a note is left on, or 409 once the visit is done or cancelled. */
export function assertNotesOpen(visit: OpenVisit): JobRow {
  const status = visitStatus(visit.job, visit.booking);
  if (!visit.live || status === "done" || status === "cancelled") throw new Conflict(VISIT_NOT_CHANGEABLE);
  return visit.live;
}
