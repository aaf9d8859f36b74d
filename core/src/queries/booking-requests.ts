/** The online bookings waiting for the office's approval (docs/booking.md), oldest first, each with its suggestion. */
import type { BookingRequestDTO } from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { bookings } from "../db/schema";
import { presentBookingRequest } from "../presenters/booking";

/** GET /api/booking-requests?companyId= */
export async function listBookingRequests(companyId: string): Promise<BookingRequestDTO[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.status, "requested")))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  return rows.map(presentBookingRequest);
}
