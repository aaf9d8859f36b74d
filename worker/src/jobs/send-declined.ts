/**
 * The words of a declined online request's notice (docs/booking-office.md), the same for its
 * e-mail (./send-customer-notice.ts) and its text (./send-customer-text.ts): the company's
 * "Request declined" text from its booking settings, or the default, filled from the request
 * as it is now. It goes only while the request is still declined, notices are on and the
 * channel has not opted out; each row is sent once (sentAt), whatever the retries.
 */
import { loadNoticeBooking } from "@sched/core/customer-notices/declined";
import { formatCalendarDate } from "@sched/core/customer-notices/visit-time";
import { bookingPageUrl } from "@sched/core/presenters/booking";
import { loadBookingSettingsRow } from "@sched/core/queries/booking-settings";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import { type CustomerNoticeRow, companyNameOf } from "@sched/core/queries/customer-notice-facts";
import { firstNameOf, loadMessageSettings } from "@sched/core/texts/message-facts";
import { arrivalWindowText, companyTimeFormat, renderCustomerMessage } from "@sched/shared-types";
import { inertName } from "../mail/layout";

export type DeclinedWords = { skip: string } | { skip?: undefined; companyName: string; message: string };

/** What to say, or why not to; `refused` is the channel's own opt-out check. */
export async function declinedWords(
  notice: CustomerNoticeRow,
  refused: () => Promise<string | undefined>,
): Promise<DeclinedWords> {
  const booking = await loadNoticeBooking(notice);
  if (booking?.status !== "declined") return { skip: "request no longer declined" };
  const refusal = await refused();
  if (refusal) return { skip: refusal };
  const settings = await loadCompanySettings(notice.companyId);
  if (!settings.customerNotices) return { skip: "notices turned off" };
  const name = await companyNameOf(notice.companyId);
  if (name === undefined) return { skip: "company gone" };
  const page = await loadBookingSettingsRow(notice.companyId);
  const { messages } = await loadMessageSettings(notice.companyId);
  const companyName = inertName(name);
  const message = renderCustomerMessage("declined", messages.declined, {
    customerFirstName: firstNameOf(booking.name) ?? "there",
    companyName,
    date: formatCalendarDate(booking.requestedDate, { weekday: "long", month: "long", day: "numeric" }),
    window: arrivalWindowText(
      { start: booking.windowStart, end: booking.windowEnd },
      companyTimeFormat(settings),
    ),
    officeMessage: booking.declineMessage,
    // Only a page that still takes bookings: a link to a 404 helps no one.
    bookingUrl: page?.enabled && page.slug ? bookingPageUrl(page.slug) : null,
  });
  return { companyName, message };
}
