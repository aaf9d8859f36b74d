/**
 * The notice of a declined online request (docs/booking-office.md): the customer who asked
 * is told, by e-mail and by text as they gave them, that the company cannot take the
 * booking, with the office's message. Recorded under the request's key once per channel,
 * so a repeated decline, a retry or the sweep never owes a second copy; the worker sends it
 * (worker/src/jobs/send-declined.ts).
 */
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { bookings } from "../db/schema";
import { textNumberOf } from "../lib/phones";
import { logger } from "../logger";
import { loadCompanySettings } from "../queries/company-settings";
import type { CustomerNoticeRow } from "../queries/customer-notice-facts";
import { textRefusalOf } from "../texts/opt-out";
import { bookingIdOfKey, declinedKey } from "./keys";
import { refusalOf } from "./opt-out";
import { noticeSettings } from "./record-notice";
import { recordNotice, recordText } from "./write-notice";

type BookingRow = typeof bookings.$inferSelect;

/** After the decline commits; a failure is logged and never undoes the decline. */
export async function recordDeclined(booking: BookingRow): Promise<void> {
  try {
    const { isOn } = await noticeSettings(booking.companyId);
    if (!isOn) return;
    const about = { companyId: booking.companyId, jobId: booking.jobId };
    const notice = { kind: "declined" as const, dedupeKey: declinedKey(booking.id) };
    const customerId = booking.customerId;
    const email = booking.email?.trim();
    if (email) {
      const refused = await refusalOf({
        companyId: booking.companyId,
        customerId,
        addressOnly: !customerId,
        email,
      });
      if (!refused) await recordNotice(about, { customerId, email }, notice);
    }
    const { country } = await loadCompanySettings(booking.companyId);
    const phone = textNumberOf(booking.phone, country);
    if (phone && !(await textRefusalOf({ companyId: booking.companyId, customerId, phone }))) {
      await recordText(about, { customerId, phone }, notice);
    }
  } catch (error) {
    logger.error({ err: error, bookingId: booking.id }, "could not record a declined notice");
  }
}

/** The request a declined notice is about, in the notice's own company only (never another's). */
export async function loadNoticeBooking(notice: CustomerNoticeRow): Promise<BookingRow | undefined> {
  const bookingId = bookingIdOfKey(notice.dedupeKey);
  if (!bookingId) return undefined;
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.companyId, notice.companyId)));
  return booking;
}
