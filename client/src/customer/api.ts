/**
 * The public API the customer's pages call (docs/customer-pages.md): plain fetch, JSON in
 * and out, the server's `{message, code}` turned into an ApiError. No session, no query
 * library: these pages ask for a handful of answers.
 */

// Types only: erased from the bundle, so the page carries no zod schema.
import type {
  BookingCreatedDTO,
  OfferedWindowDTO,
  PublicBookingDTO,
  TVisitNoteCreate,
  TVisitReschedule,
  VisitDTO,
  VisitNoteDTO,
} from "@sched/shared-types";

/** GET /api/public/companies/:slug/booking: what a customer may see of a company's booking. */
export type BookingInfo = PublicBookingDTO;
/** A service the company offers online: a job type with its length and, when set, a price from (cents). */
export type Service = PublicBookingDTO["services"][number];
/** An arrival window on a day (`yyyy-MM-dd`, `HH:mm`). */
export type ArrivalWindow = OfferedWindowDTO;
export type Booked = BookingCreatedDTO;
/** GET /api/public/visits/:token: one visit, as its customer may see it. */
export type Visit = VisitDTO;
export type VisitNote = VisitNoteDTO;

/** POST /api/public/companies/:slug/bookings, as this page sends it. */
export type BookingRequest = {
  service: string;
  address: string;
  date: string;
  start: string;
  name: string;
  phone?: string;
  email?: string;
  note?: string;
  /** The honeypot: a person never sees it, a form-filling robot fills it. */
  website: string;
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a fetch that never got an answer says to a customer. */
export const OFFLINE_MESSAGE = "We could not reach the server. Check your connection and try again.";

export async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers } });
  } catch {
    throw new ApiError(0, "offline", OFFLINE_MESSAGE);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const message =
      typeof body?.message === "string" ? body.message : "Something went wrong. Please try again.";
    throw new ApiError(res.status, typeof body?.code === "string" ? body.code : "unknown", message);
  }
  return body as T;
}

export const post = <T>(url: string, data: unknown, headers: Record<string, string> = {}) =>
  call<T>(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(data),
  });

const companyUrl = (slug: string) => `/api/public/companies/${encodeURIComponent(slug)}`;
const visitUrl = (token: string) => `/api/public/visits/${encodeURIComponent(token)}`;

export const getBooking = (slug: string) => call<BookingInfo>(`${companyUrl(slug)}/booking`);

export type WindowsQuery = { service: string; address: string; from: string; days: number };

export function getWindows(slug: string, query: WindowsQuery) {
  const params = new URLSearchParams({ ...query, days: String(query.days) });
  return call<ArrivalWindow[]>(`${companyUrl(slug)}/windows?${params}`);
}

/** Books a window; `key` is the submission's Idempotency-Key, the same on a retry. */
export const postBooking = (slug: string, booking: BookingRequest, key: string) =>
  post<Booked>(`${companyUrl(slug)}/bookings`, booking, { "Idempotency-Key": key });

/**
 * The visit, or "unchanged" when the server answers 304 to the ETag of the copy we have:
 * a poll every 15 seconds costs the server a hash, not a body.
 */
export async function getVisit(
  token: string,
  etag: string | null,
): Promise<{ visit: Visit; etag: string | null } | "unchanged"> {
  let res: Response;
  try {
    res = await fetch(visitUrl(token), {
      headers: { Accept: "application/json", ...(etag ? { "If-None-Match": etag } : {}) },
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "offline", OFFLINE_MESSAGE);
  }
  if (res.status === 304) return "unchanged";
  const body = await res.json().catch(() => null);
  if (!res.ok)
    throw new ApiError(res.status, body?.code ?? "unknown", body?.message ?? "Something went wrong.");
  return { visit: body as Visit, etag: res.headers.get("ETag") };
}

/** Windows to move this visit to (the visit's own service and place, its old window free). */
export function getVisitWindows(token: string, from: string, days: number) {
  const params = new URLSearchParams({ from, days: String(days) });
  return call<ArrivalWindow[]>(`${visitUrl(token)}/windows?${params}`);
}

export const rescheduleVisit = (token: string, window: TVisitReschedule) =>
  post<Visit>(`${visitUrl(token)}/reschedule`, window);

export const cancelVisit = (token: string) => post<Visit>(`${visitUrl(token)}/cancel`, {});

/** A note for the technician, with a photo as a data URL when one is chosen. */
export const postVisitNote = (token: string, note: TVisitNoteCreate) =>
  post<VisitNote>(`${visitUrl(token)}/notes`, note);
