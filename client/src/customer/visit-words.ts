/** A visit's status and cutoff in the customer's words. */
import type { Visit } from "./api";
import { formatInstant } from "./format";

export function statusWords(visit: Pick<Visit, "status" | "arrivalEstimateAt">): string {
  switch (visit.status) {
    case "requested":
      return "Requested: we'll confirm soon";
    case "booked":
      return "Booked";
    case "on_the_way":
      return visit.arrivalEstimateAt
        ? `On the way: arriving about ${formatInstant(visit.arrivalEstimateAt)}`
        : "On the way";
    case "working":
      return "Working on it";
    case "done":
      return "Done";
    case "cancelled":
      return "Cancelled";
  }
}

/**
 * "Changes close 24 hours before the visit": the hours between the cutoff and the visit's
 * start, read on the browser's clock (a customer is nearly always in the company's zone);
 * null when they cannot be told.
 */
export function cutoffHours(visit: Pick<Visit, "date" | "window" | "time" | "cutoffAt">): number | null {
  const start = visit.window?.start ?? visit.time;
  if (!visit.cutoffAt || !visit.date || !start) return null;
  const hours =
    (new Date(`${visit.date}T${start}:00`).getTime() - new Date(visit.cutoffAt).getTime()) / 3_600_000;
  const rounded = Math.round(hours);
  return rounded > 0 && Math.abs(hours - rounded) < 0.02 ? rounded : null;
}

/** Whether the visit is still ahead: rescheduling, cancelling and notes make sense. */
export const isOpen = (visit: Pick<Visit, "status">) =>
  visit.status !== "done" && visit.status !== "cancelled";
