/**
 * A customer books on the public page (docs/booking.md). Past the checks (a filled honeypot
 * refused without a reason, the limits per network and per address, at most 3 open
 * bookings per phone or e-mail), one transaction holds the company's lock for the day,
 * fits the window again (someone may have taken its last place: 409 window_taken), finds or
 * makes the customer by the customers' duplicate rules, and writes the job (on the fitted
 * technician's day, or in the Unscheduled tray for the office to approve) and the booking.
 * A repeat with the same Idempotency-Key and body answers the same booking; the same key
 * with another body is 422. Everyone hears of it after commit.
 */
import { createHash } from "node:crypto";
import {
  BOOKING_MESSAGES,
  type BookingCreatedDTO,
  type LatLng,
  type TBookingCreate,
  type WeeklyScheduleDTO,
} from "@sched/shared-types";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { fitInWindow, lockBookingDay, serviceNeed } from "../booking/windows";
import { noticeJobChange } from "../customer-notices/record-notice";
import { db, type Executor } from "../db/client";
import { bookings, jobs } from "../db/schema";
import { BadRequest, Conflict, IdempotencyKeyReused, WindowTaken } from "../errors";
import { normalizePhone } from "../lib/phones";
import { bookingsByAddress, bookingsByNetwork, consumeAll } from "../limits";
import { logger } from "../logger";
import { normalizeAddress } from "../places/normalize";
import { placeColumns } from "../places/on-save";
import { resolveOffline } from "../places/resolve-offline";
import { requestStreetLookup } from "../places/street-lookup";
import { type BookingRow, presentBookingRequest } from "../presenters/booking";
import { presentJob } from "../presenters/jobs";
import { publish } from "../publish";
import { type BookingCompany, loadBookingCompany } from "../queries/booking-settings";
import { loadCompanySettings } from "../queries/company-settings";
import { withWarnings } from "../queries/job-warnings";
import { visitLink } from "../visits/visit-link";
import { announceCreatedCustomer } from "./customer-links";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import { findOrCreateCustomerOutcome } from "./find-or-create-customer";

/** Open bookings one phone number or e-mail may hold at once. */
export const OPEN_BOOKINGS_MAX = 3;

export type BookingRequestMeta = {
  /** The client's network address (server/src/http/client-address.ts): counted, stored only hashed. */
  network: string;
  idempotencyKey?: string;
  /** What makes a repeat "the same request": a hash of the body as sent. */
  requestHash: string;
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const badField = (path: string, message: string) => new BadRequest(message, [{ path, message }]);

/** The answer for a booking already made: the visit page's link and where it stands. */
async function answerOf(
  booking: Pick<BookingRow, "companyId" | "jobId" | "status">,
): Promise<BookingCreatedDTO> {
  if (!booking.jobId) throw new Conflict(BOOKING_MESSAGES.refused);
  return {
    visitUrl: await visitLink(db, { companyId: booking.companyId, id: booking.jobId }),
    status: booking.status === "requested" ? "requested" : "booked",
  };
}

/** The booking a key already made, if any: the same body answers it again, another is 422. */
async function replayOf(companyId: string, keyHash: string, requestHash: string) {
  const [found] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.idempotencyKey, keyHash)));
  if (!found) return undefined;
  if (found.requestHash !== requestHash) throw new IdempotencyKeyReused();
  return answerOf(found);
}

/** Bookings still to happen for this phone or e-mail: requested or booked, the job not done or cancelled. */
async function openBookingsOf(
  executor: Executor,
  companyId: string,
  phone: string | null,
  email: string | null,
) {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(jobs, eq(jobs.id, bookings.jobId))
    .where(
      and(
        eq(bookings.companyId, companyId),
        inArray(bookings.status, ["requested", "booked"]),
        inArray(jobs.status, ["scheduled", "in_progress"]),
        or(
          phone ? eq(bookings.phone, phone) : undefined,
          email ? sql`lower(${bookings.email}) = ${email.toLowerCase()}` : undefined,
        ),
      ),
    );
  return row?.count ?? 0;
}

/** The window of the settings that starts at `start`; anything else is the `start` field's 400. */
function windowStartingAt(company: BookingCompany, start: string) {
  const window = company.settings.windows.find((candidate) => candidate.start === start);
  if (!window) throw badField("start", BOOKING_MESSAGES.start);
  return window;
}

/** POST /api/public/companies/:slug/bookings. */
export async function bookOnline(
  slug: string,
  input: TBookingCreate,
  meta: BookingRequestMeta,
): Promise<{ answer: BookingCreatedDTO; replayed: boolean }> {
  const company = await loadBookingCompany(slug);
  const { companyId } = company;
  // A field people never see, filled: a robot. It learns nothing of why.
  const { website } = input;
  if (website !== undefined && website !== null && website !== "")
    throw new BadRequest(BOOKING_MESSAGES.refused);
  const keyHash = meta.idempotencyKey ? sha256(meta.idempotencyKey) : null;
  if (keyHash) {
    const replay = await replayOf(companyId, keyHash, meta.requestHash);
    if (replay) return { answer: replay, replayed: true };
  }
  const need = serviceNeed(company.settings, input.service);
  const window = windowStartingAt(company, input.start);
  const { country } = await loadCompanySettings(companyId);
  const phone = input.phone ? normalizePhone(input.phone, country) : null;
  if (input.phone && !phone?.startsWith("+")) throw badField("phone", BOOKING_MESSAGES.phone);
  const addressKey = normalizeAddress(input.address) ?? input.address;
  await consumeAll([
    [bookingsByNetwork, meta.network],
    [bookingsByAddress, `${companyId}|${addressKey}`],
  ]);
  if ((await openBookingsOf(db, companyId, phone, input.email)) >= OPEN_BOOKINGS_MAX) {
    throw new Conflict(BOOKING_MESSAGES.tooMany);
  }
  const found = resolveOffline(input.address, country);
  const place: LatLng | null = found ? { lat: found.lat, lng: found.lng } : null;
  const placeFields = placeColumns(
    found && { lat: found.lat, lng: found.lng, precision: found.precision },
    addressKey,
  );
  const requested = company.settings.approveFirst;

  const made = await db
    .transaction(async (tx) => {
      await lockBookingDay(tx, companyId, input.date);
      const fitted = await fitInWindow(tx, {
        companyId,
        service: need,
        place,
        date: input.date,
        start: window.start,
        end: window.end,
      });
      if (!fitted) throw new WindowTaken(BOOKING_MESSAGES.windowTaken);
      const { customer, created } = await findOrCreateCustomerOutcome(tx, companyId, {
        name: input.name,
        phone,
        email: input.email,
        address: input.address,
      });
      const [job] = await tx
        .insert(jobs)
        .values({
          companyId,
          type: need.jobType,
          location: input.address,
          description: input.note,
          durationMinutes: need.durationMinutes,
          requiredSkills: [...need.requiredSkills],
          customerId: customer.id,
          customerPhone: phone,
          customerEmail: input.email,
          source: "online",
          // Approve first: the Unscheduled tray; the booking keeps the suggestion.
          ...(requested
            ? {}
            : { employeeId: fitted.employeeId, date: input.date, time: fitted.time, arrivalWindow: window }),
          ...placeFields,
        })
        .returning();
      const week: WeeklyScheduleDTO | undefined = job.date
        ? await ensureWeeklySchedule(tx, companyId, job.date)
        : undefined;
      const [booking] = await tx
        .insert(bookings)
        .values({
          companyId,
          jobId: job.id,
          customerId: customer.id,
          service: need.jobType,
          durationMinutes: need.durationMinutes,
          requiredSkills: [...need.requiredSkills],
          address: input.address,
          ...placeFields,
          requestedDate: input.date,
          windowStart: window.start,
          windowEnd: window.end,
          name: input.name,
          phone,
          email: input.email,
          note: input.note,
          status: requested ? "requested" : "booked",
          suggestedEmployeeId: fitted.employeeId,
          suggestedTime: fitted.time,
          networkKey: sha256(meta.network),
          idempotencyKey: keyHash,
          requestHash: keyHash ? meta.requestHash : null,
        })
        .returning();
      return { job, week, booking, customer: created ? customer : undefined, customerName: customer.name };
    })
    .catch(async (error: unknown) => {
      // The same key sent twice at once: the first one made it (the second found its place
      // taken, or hit the key's unique index); the second answers the first's booking.
      const replay = keyHash ? await replayOf(companyId, keyHash, meta.requestHash) : undefined;
      if (replay) return { replay };
      throw error;
    });
  if ("replay" in made) return { answer: made.replay, replayed: true };

  // Committed: what follows informs, it never turns the booking into an error.
  const { job, week, booking } = made;
  announceCreatedCustomer(made.customer);
  const presented = presentJob(job, made.customerName);
  publish(companyId, "job.created", await withWarnings(presented).catch(() => presented));
  if (week) publish(companyId, "weeklySchedule.created", week);
  if (booking.status === "requested") publish(companyId, "booking.requested", presentBookingRequest(booking));
  await noticeJobChange({ type: "created", job }).catch((error: unknown) =>
    logger.warn({ err: error, jobId: job.id }, "booking notice not recorded"),
  );
  await requestStreetLookup({ companyId, kind: "job", id: job.id }, { ...job, address: job.location });
  return { answer: await answerOf(booking), replayed: false };
}
