/**
 * GET /api/public/companies/:slug/windows (docs/booking.md): the customer's address placed
 * by the offline default (core/src/places: a postal code or a town; an address it cannot
 * place counts no drive, as everywhere), then the windows offered from `from` (default:
 * today in the company's time zone) for `days` days (default 7).
 */
import { dateIn, type OfferedWindowDTO, type TWindowsQuery } from "@sched/shared-types";
import { db } from "../db/client";
import { resolveOffline } from "../places/resolve-offline";
import { loadBookingCompany } from "../queries/booking-settings";
import { loadCompanySettings } from "../queries/company-settings";
import { offeredWindows, serviceNeed } from "./windows";

export const DEFAULT_WINDOW_DAYS = 7;

export async function publicWindows(slug: string, query: TWindowsQuery): Promise<OfferedWindowDTO[]> {
  const company = await loadBookingCompany(slug);
  const need = serviceNeed(company.settings, query.service);
  const { country, timeZone } = await loadCompanySettings(company.companyId);
  const found = resolveOffline(query.address, country);
  return offeredWindows(db, {
    companyId: company.companyId,
    service: need,
    place: found ? { lat: found.lat, lng: found.lng } : null,
    from: query.from ?? dateIn(new Date(), timeZone),
    days: query.days ?? DEFAULT_WINDOW_DAYS,
  });
}
