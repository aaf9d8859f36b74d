/**
 * What choosing a time for an approved quote's job reads (docs/quotes.md, "Choosing a
 * time"): the quote its link opens (approved, or 409), the jobs it made (`jobs.quote_id`),
 * whether online booking is on and offers the job's type (then the booking page's service
 * need for it), and where the job is. The windows query and the pick command both read
 * through here, so they agree on what may be chosen.
 */
import {
  type LatLng,
  type OfferedWindowDTO,
  QUOTE_NOT_FOUND,
  QUOTE_WINDOW_MESSAGES,
} from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import type { ServiceNeed } from "../booking/windows";
import type { Executor } from "../db/client";
import { companies, jobs, quotes } from "../db/schema";
import { AppError, Conflict, NotFound } from "../errors";
import { resolveOffline } from "../places/resolve-offline";
import { isCompanyReadOnly } from "../policies/subscription-state";
import type { BookingSettingsRow } from "../presenters/booking";
import { loadBookingSettingsRow } from "../queries/booking-settings";
import { loadCompanySettings } from "../queries/company-settings";
import { quoteIdOfToken } from "./quote-token";

export type QuoteRow = typeof quotes.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;

/** The quote a token opens, approved: a bad token or a draft is 404, any other state 409. */
export async function approvedQuoteOf(executor: Executor, token: string): Promise<QuoteRow> {
  const id = quoteIdOfToken(token);
  if (!id) throw new NotFound(QUOTE_NOT_FOUND);
  const [row] = await executor.select().from(quotes).where(eq(quotes.id, id));
  if (!row || row.status === "draft") throw new NotFound(QUOTE_NOT_FOUND);
  if (row.status !== "approved") throw new Conflict(QUOTE_WINDOW_MESSAGES.notApproved);
  return row;
}

/** The jobs the quote made, oldest first; `lock` holds their rows to the transaction's end. */
export async function quoteJobsOf(executor: Executor, quote: QuoteRow, lock = false): Promise<JobRow[]> {
  const query = executor
    .select()
    .from(jobs)
    .where(and(eq(jobs.quoteId, quote.id), eq(jobs.companyId, quote.companyId)))
    .orderBy(asc(jobs.createdAt), asc(jobs.id));
  return lock ? query.for("update") : query;
}

const isLive = (job: JobRow) => job.status !== "cancelled" && job.status !== "completed";

/** A job still in the Unscheduled tray, the one a window is for. */
export const trayJobOf = (list: readonly JobRow[]) =>
  list.find((job) => isLive(job) && job.date === null && job.employeeId === null);

/** The day and window a job of the quote has on the board (its arrival window, else its hour). */
export function scheduledWindowOf(list: readonly JobRow[]): OfferedWindowDTO | null {
  const job = list.find((one) => isLive(one) && one.date !== null && one.time !== null);
  if (!job?.date || !job.time) return null;
  if (job.arrivalWindow) return { date: job.date, ...job.arrivalWindow };
  const [hours, minutes] = job.time.split(":").map(Number);
  const end = hours * 60 + minutes + job.durationMinutes;
  const clock = (total: number) =>
    `${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
  return { date: job.date, start: job.time.slice(0, 5), end: clock(end) };
}

/** 409 `already_scheduled`: the office (or the customer, in another tab) gave the job its day. */
export class AlreadyScheduled extends AppError {
  constructor() {
    super(409, "already_scheduled", QUOTE_WINDOW_MESSAGES.alreadyScheduled);
  }
}

/** 409 unless one of the quote's jobs waits in the tray: `already_scheduled` when it has a day. */
export function assertTrayJob(list: readonly JobRow[]): JobRow {
  const job = trayJobOf(list);
  if (job) return job;
  if (scheduledWindowOf(list)) throw new AlreadyScheduled();
  throw new Conflict(QUOTE_WINDOW_MESSAGES.noJob);
}

export type OnlineBooking = { settings: BookingSettingsRow; need: ServiceNeed };

/**
 * The booking page's settings and its service for `jobType`, when the page would take it:
 * booking on, the company not read-only, the type offered. Otherwise null: the job stays in
 * the tray for the office.
 */
export async function onlineBookingFor(
  executor: Executor,
  companyId: string,
  jobType: string,
): Promise<OnlineBooking | null> {
  const settings = await loadBookingSettingsRow(companyId, executor);
  if (!settings?.enabled) return null;
  const [company] = await executor
    .select({
      subscriptionStatus: companies.subscriptionStatus,
      trialEndsAt: companies.trialEndsAt,
      isFreeAccount: companies.isFreeAccount,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company || isCompanyReadOnly(company)) return null;
  const need = settings.services.find((service) => service.jobType === jobType);
  return need ? { settings, need } : null;
}

/** Where the job is: its stored place, else its address placed as the booking page places one. */
export async function placeOfJob(executor: Executor, job: JobRow): Promise<LatLng | null> {
  if (job.placeLat !== null && job.placeLng !== null) return { lat: job.placeLat, lng: job.placeLng };
  const { country } = await loadCompanySettings(job.companyId, executor);
  const found = resolveOffline(job.location, country);
  return found ? { lat: found.lat, lng: found.lng } : null;
}
