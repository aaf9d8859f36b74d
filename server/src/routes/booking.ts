/**
 * Online booking (docs/booking.md): the office's settings and the requests it approves or
 * declines, and the public page's three calls, which anyone may make (no session): the
 * company's page, the windows offered for a service at an address, and the booking itself
 * (Idempotency-Key honoured per company, without an account: core/src/commands/book-online.ts).
 */

import { publicWindows } from "@sched/core/booking/public-windows";
import { approveBookingRequest, declineBookingRequest } from "@sched/core/commands/answer-booking-request";
import { bookOnline } from "@sched/core/commands/book-online";
import { saveBookingSettings } from "@sched/core/commands/save-booking-settings";
import { bookings } from "@sched/core/db/schema";
import { listBookingRequests } from "@sched/core/queries/booking-requests";
import { loadBookingSettings, loadPublicBooking } from "@sched/core/queries/booking-settings";
import {
  BOOKING_MESSAGES,
  ZBookingAnswered,
  ZBookingApprove,
  ZBookingCreate,
  ZBookingCreated,
  ZBookingDecline,
  ZBookingRequests,
  ZBookingRequestsQuery,
  ZBookingSettings,
  ZBookingSettingsUpdate,
  ZIdParams,
  ZOfferedWindows,
  ZPublicBooking,
  ZSlugParams,
  ZWindowsQuery,
} from "@sched/shared-types";
import { Router } from "express";
import { clientAddress } from "../http/client-address";
import { idempotencyKeyOf, REPLAYED_HEADER, requestFingerprint } from "../http/idempotency";
import { loadAuthorizedRow, route } from "../http/route";

export const bookingRouter = Router();

bookingRouter.get(
  "/companies/:companyId/booking-settings",
  route({ access: { company: "readBooking" }, response: ZBookingSettings }, ({ member }) =>
    loadBookingSettings(member.companyId),
  ),
);

bookingRouter.put(
  "/companies/:companyId/booking-settings",
  route(
    { access: { company: "manageBooking" }, body: ZBookingSettingsUpdate, response: ZBookingSettings },
    ({ member, body }) => saveBookingSettings(member, body),
  ),
);

bookingRouter.get(
  "/booking-requests",
  route(
    { access: { company: "readBooking" }, query: ZBookingRequestsQuery, response: ZBookingRequests },
    ({ member }) => listBookingRequests(member.companyId),
  ),
);

bookingRouter.get(
  "/public/companies/:slug/booking",
  route({ access: "public", params: ZSlugParams, response: ZPublicBooking }, ({ params }) =>
    loadPublicBooking(params.slug),
  ),
);

bookingRouter.get(
  "/public/companies/:slug/windows",
  route(
    { access: "public", params: ZSlugParams, query: ZWindowsQuery, response: ZOfferedWindows },
    ({ params, query }) => publicWindows(params.slug, query),
  ),
);

bookingRouter.post(
  "/public/companies/:slug/bookings",
  route(
    { access: "public", params: ZSlugParams, body: ZBookingCreate, response: ZBookingCreated, status: 201 },
    async ({ params, body, req, res }) => {
      const { answer, replayed } = await bookOnline(params.slug, body, {
        network: clientAddress(req),
        idempotencyKey: idempotencyKeyOf(req),
        requestHash: requestFingerprint(req, body, undefined),
      });
      if (replayed) res.setHeader(REPLAYED_HEADER, "true");
      return answer;
    },
  ),
);

/** A request of a company where the user plans jobs; another company's is not found. */
const requestToAnswer = (userId: string, id: string) =>
  loadAuthorizedRow(bookings, id, userId, "manageJobs", BOOKING_MESSAGES.requestNotFound);

/** Approve into a slot: the job leaves the Unscheduled tray through the job save path (warnings as usual). */
bookingRouter.post(
  "/booking-requests/:id/approve",
  route(
    { access: "user", params: ZIdParams, body: ZBookingApprove, response: ZBookingAnswered },
    async ({ userId, params, body }) => {
      const { row, member } = await requestToAnswer(userId, params.id);
      return approveBookingRequest(member, row, body);
    },
  ),
);

/** Decline with a message for the customer: the job is cancelled. */
bookingRouter.post(
  "/booking-requests/:id/decline",
  route(
    { access: "user", params: ZIdParams, body: ZBookingDecline, response: ZBookingAnswered },
    async ({ userId, params, body }) => {
      const { row, member } = await requestToAnswer(userId, params.id);
      return declineBookingRequest(member, row, body);
    },
  ),
);
