/**
 * GET /api/public/quotes/:token/windows?from=&days= (docs/quotes.md, "Choosing a time"):
 * for an approved quote whose job waits in the Unscheduled tray, the windows the booking
 * page would offer for the job's type at the job's place (core/src/booking/windows.ts);
 * `offered: false` when online booking is off or does not take that type; the job's window
 * once it has a day. An open or declined quote is 409.
 */
import { dateIn, type QuoteWindowsDTO, type TQuoteWindowsQuery } from "@sched/shared-types";
import { DEFAULT_WINDOW_DAYS } from "../booking/public-windows";
import { offeredWindows } from "../booking/windows";
import { db } from "../db/client";
import {
  approvedQuoteOf,
  onlineBookingFor,
  placeOfJob,
  quoteJobsOf,
  scheduledWindowOf,
  trayJobOf,
} from "../quotes/quote-job";
import { loadCompanySettings } from "./company-settings";

export async function quoteWindows(
  token: string,
  query: TQuoteWindowsQuery,
  now = new Date(),
): Promise<QuoteWindowsDTO> {
  const quote = await approvedQuoteOf(db, token);
  const list = await quoteJobsOf(db, quote);
  const scheduled = scheduledWindowOf(list);
  const job = trayJobOf(list);
  const online = job ? await onlineBookingFor(db, quote.companyId, job.type) : null;
  if (!job || !online) return { offered: false, horizonDays: 0, scheduled, windows: [] };
  const { timeZone } = await loadCompanySettings(quote.companyId);
  const windows = await offeredWindows(db, {
    companyId: quote.companyId,
    service: online.need,
    place: await placeOfJob(db, job),
    from: query.from ?? dateIn(now, timeZone),
    days: query.days ?? DEFAULT_WINDOW_DAYS,
    now,
  });
  return { offered: true, horizonDays: online.settings.horizonDays, scheduled, windows };
}
