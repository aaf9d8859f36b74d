/**
 * What a visit token opens (docs/visits.md): the link, the job it is for (or the job as it
 * was deleted, while the bin keeps it), and the company's terms the page needs. A malformed,
 * forged, revoked or expired token, or one whose job is gone for good, is the same 404 "This
 * visit link is not valid": the answer says nothing of why. Everything is read by the link's
 * own company id, so a token never opens anything of another company.
 */
import { VISIT_LINK_NOT_VALID, type VisitStatus } from "@sched/shared-types";
import { and, desc, eq, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import { db, type Executor } from "../db/client";
import {
  bookingSettings,
  bookings,
  companies,
  companySettings,
  deletedJobs,
  jobs,
  visitLinks,
} from "../db/schema";
import { NotFound } from "../errors";
import { visitLinkExpiry } from "./visit-link";
import { linkIdOfToken } from "./visit-token";

export type JobRow = typeof jobs.$inferSelect;
export type VisitLinkRow = typeof visitLinks.$inferSelect;

/** The visit's job as the page reads it: a live job, or the one the office deleted. */
export type VisitJob = Pick<
  JobRow,
  | "id"
  | "companyId"
  | "employeeId"
  | "type"
  | "location"
  | "date"
  | "time"
  | "status"
  | "onMyWayAt"
  | "arrivalEstimateAt"
  | "arrivalWindow"
  | "version"
>;

/** The online booking a job came from, when it did: a request waits for the office. */
export type VisitBooking = {
  status: string;
  requestedDate: string;
  windowStart: string;
  windowEnd: string;
  /** The office's words to the customer when it declined the request. */
  declineMessage: string | null;
};

/** The company's terms a customer meets: B's booking settings, their defaults without a row. */
export type VisitTerms = { companyName: string; phone: string | null; cutoffHours: number; timeZone: string };

export const DEFAULT_CUTOFF_HOURS = 24;

export type OpenVisit = {
  link: VisitLinkRow;
  /** The live job; null when it was deleted (then `job` is the deleted one). */
  live: JobRow | null;
  job: VisitJob;
  booking: VisitBooking | null;
  terms: VisitTerms;
};

export const invalidLink = () => new NotFound(VISIT_LINK_NOT_VALID);

/** A deleted job's kept row (JSON, timestamps as text) with the fields the page reads. */
function binnedJob(kept: Record<string, unknown>): VisitJob {
  const text = (key: string) => (typeof kept[key] === "string" ? (kept[key] as string) : null);
  return {
    id: String(kept.id),
    companyId: String(kept.companyId),
    employeeId: text("employeeId"),
    type: text("type") ?? "",
    location: text("location") ?? "",
    date: text("date"),
    time: text("time"),
    // Deleted from the board: the visit is off.
    status: "cancelled",
    onMyWayAt: null,
    arrivalEstimateAt: null,
    arrivalWindow: (kept.arrivalWindow as JobRow["arrivalWindow"]) ?? null,
    version: Number(kept.version ?? 0),
  };
}

export async function loadTerms(executor: Executor, companyId: string): Promise<VisitTerms> {
  const [row] = await executor
    .select({
      companyName: companies.name,
      timeZone: companySettings.timeZone,
      phone: bookingSettings.phone,
      cutoffHours: bookingSettings.cutoffHours,
    })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .leftJoin(bookingSettings, eq(bookingSettings.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!row) throw invalidLink();
  return {
    companyName: row.companyName,
    phone: row.phone ?? null,
    cutoffHours: row.cutoffHours ?? DEFAULT_CUTOFF_HOURS,
    timeZone: row.timeZone ?? "UTC",
  };
}

export async function loadBooking(executor: Executor, companyId: string, jobId: string) {
  const [row] = await executor
    .select({
      status: bookings.status,
      requestedDate: bookings.requestedDate,
      windowStart: bookings.windowStart,
      windowEnd: bookings.windowEnd,
      declineMessage: bookings.declineMessage,
    })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.jobId, jobId)))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The link and its visit, or 404. `lockJob` (in a transaction) locks the live job's row, so a
 * change decides on the job as it is at the write.
 */
export async function openVisit(
  token: string,
  {
    executor = db,
    lockJob = false,
    now = new Date(),
  }: { executor?: Executor; lockJob?: boolean; now?: Date } = {},
): Promise<OpenVisit> {
  const linkId = linkIdOfToken(token);
  if (!linkId) throw invalidLink();
  const [link] = await executor
    .select()
    .from(visitLinks)
    .where(and(eq(visitLinks.id, linkId), isNull(visitLinks.revokedAt)));
  if (!link) throw invalidLink();
  const byLink = and(eq(jobs.id, link.jobId), eq(jobs.companyId, link.companyId));
  const query = executor.select().from(jobs).where(byLink);
  const [live] = lockJob ? await query.for("update") : await query;
  let job: VisitJob | undefined = live;
  if (!live) {
    const [kept] = await executor
      .select({ job: deletedJobs.job })
      .from(deletedJobs)
      .where(and(eq(deletedJobs.id, link.jobId), eq(deletedJobs.companyId, link.companyId)));
    job = kept ? binnedJob(kept.job) : undefined;
  }
  if (!job) throw invalidLink();
  // 30 days after the visit, whichever date the job has now; a job without one, the stored expiry.
  const expiresAt = job.date ? visitLinkExpiry(job.date) : link.expiresAt;
  if (now.getTime() >= expiresAt.getTime()) throw invalidLink();
  // One after the other: a transaction's connection runs one statement at a time.
  const booking = await loadBooking(executor, link.companyId, link.jobId);
  const terms = await loadTerms(executor, link.companyId);
  return { link, live: live ?? null, job, booking, terms };
}

/** The visit's status as its customer reads it. */
export function visitStatus(job: VisitJob, booking: VisitBooking | null): VisitStatus {
  if (job.status === "cancelled" || booking?.status === "declined" || booking?.status === "cancelled")
    return "cancelled";
  if (job.status === "completed") return "done";
  if (job.status === "in_progress") return "working";
  if (job.onMyWayAt) return "on_the_way";
  if (booking?.status === "requested") return "requested";
  return "booked";
}

/** The day and window the customer expects: the job's, or the request's while it waits. */
export function visitSlot(job: VisitJob, booking: VisitBooking | null) {
  if (!job.date && booking?.status === "requested") {
    return {
      date: booking.requestedDate,
      time: null,
      window: { start: booking.windowStart, end: booking.windowEnd },
    };
  }
  return { date: job.date, time: job.time, window: job.arrivalWindow ?? null };
}

/** When changes close: the visit's start (its time, else its window's start) less the cutoff; null without a day. */
export function cutoffOf(job: VisitJob, booking: VisitBooking | null, terms: VisitTerms): Date | null {
  const slot = visitSlot(job, booking);
  const start = slot.time ?? slot.window?.start;
  if (!slot.date || !start) return null;
  return DateTime.fromISO(`${slot.date}T${start}`, { zone: terms.timeZone })
    .minus({ hours: terms.cutoffHours })
    .toJSDate();
}

/** Reschedule and Cancel are open: booked or requested, and before the cutoff. */
export function canChange(visit: Pick<OpenVisit, "job" | "booking" | "terms">, now = new Date()): boolean {
  const status = visitStatus(visit.job, visit.booking);
  if (status !== "booked" && status !== "requested") return false;
  const cutoff = cutoffOf(visit.job, visit.booking, visit.terms);
  return cutoff === null || now.getTime() < cutoff.getTime();
}
