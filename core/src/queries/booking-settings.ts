/**
 * Reading a company's online booking settings (docs/booking.md): the office's form, and the
 * company behind a public page's slug, which answers only while booking is on and the
 * company may take work (not read-only after its trial).
 */
import { BOOKING_MESSAGES, type BookingSettingsDTO, type PublicBookingDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { bookingSettings, companies } from "../db/schema";
import { NotFound } from "../errors";
import { isCompanyReadOnly } from "../policies/subscription-state";
import { type BookingSettingsRow, presentBookingSettings, presentPublicBooking } from "../presenters/booking";
import { loadCompanySettings } from "./company-settings";

export async function loadBookingSettingsRow(
  companyId: string,
  executor: Executor = db,
): Promise<BookingSettingsRow | undefined> {
  const [row] = await executor.select().from(bookingSettings).where(eq(bookingSettings.companyId, companyId));
  return row;
}

/** GET /api/companies/:companyId/booking-settings. */
export async function loadBookingSettings(companyId: string): Promise<BookingSettingsDTO> {
  const [row, settings] = await Promise.all([
    loadBookingSettingsRow(companyId),
    loadCompanySettings(companyId),
  ]);
  return presentBookingSettings(row, settings.reminderTime);
}

export type BookingCompany = { companyId: string; name: string; settings: BookingSettingsRow };

/**
 * The company whose page `slug` is, with its settings: 404 "Online booking is not
 * available" when no company has it, booking is off, or the company is read-only; the
 * same answer for each, so a slug tells nothing.
 */
export async function loadBookingCompany(slug: string): Promise<BookingCompany> {
  const [found] = await db
    .select({
      settings: bookingSettings,
      name: companies.name,
      subscriptionStatus: companies.subscriptionStatus,
      trialEndsAt: companies.trialEndsAt,
      isFreeAccount: companies.isFreeAccount,
    })
    .from(bookingSettings)
    .innerJoin(companies, eq(companies.id, bookingSettings.companyId))
    .where(eq(bookingSettings.slug, slug.toLowerCase()))
    .limit(1);
  if (!found?.settings.enabled) throw new NotFound(BOOKING_MESSAGES.notAvailable);
  if (isCompanyReadOnly(found)) throw new NotFound(BOOKING_MESSAGES.notAvailable);
  return { companyId: found.settings.companyId, name: found.name, settings: found.settings };
}

/** GET /api/public/companies/:slug/booking. */
export async function loadPublicBooking(slug: string): Promise<PublicBookingDTO> {
  const company = await loadBookingCompany(slug);
  return presentPublicBooking(company.name, company.settings);
}
