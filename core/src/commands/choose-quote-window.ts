/**
 * POST /api/public/quotes/:token/window (docs/quotes.md, "Choosing a time"): the customer
 * of an approved quote puts its job, waiting in the Unscheduled tray, into one of the
 * windows the booking page offers. The same rules and race safety as a booking
 * (core/src/commands/book-online.ts): under the company's lock for the day, the window is
 * fitted again and the technician the booking rules pick takes the job, in one transaction
 * that also holds the job's row (so the office scheduling it meanwhile wins or waits: 409
 * `already_scheduled`). A window gone meanwhile is 409 `window_taken` with the fresh windows.
 * After commit the board hears it as a job move (`job.updated`) and the customer is
 * confirmed as for any new time.
 */
import {
  BOOKING_MESSAGES,
  QUOTE_WINDOW_MESSAGES,
  type QuoteWindowsDTO,
  type TQuoteWindowPick,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { fitInWindow, lockBookingDay } from "../booking/windows";
import { db } from "../db/client";
import { jobs } from "../db/schema";
import { AppError, BadRequest, Conflict, WindowTaken } from "../errors";
import { logger } from "../logger";
import { publish } from "../publish";
import { quoteWindows } from "../queries/quote-windows";
import {
  approvedQuoteOf,
  assertTrayJob,
  onlineBookingFor,
  placeOfJob,
  quoteJobsOf,
  scheduledWindowOf,
} from "../quotes/quote-job";
import { announceVisitChange } from "../visits/announce-visit-change";
import { ensureWeeklySchedule } from "./ensure-weekly-schedule";
import { nextVersion } from "./versions";

/** The other customer took the last place: the code, and the windows still free from today. */
async function windowTakenWithFresh(token: string, now: Date): Promise<AppError> {
  const fresh = await quoteWindows(token, {}, now).catch(() => null);
  return new AppError(409, "window_taken", BOOKING_MESSAGES.windowTaken, undefined, {
    windows: fresh?.windows ?? [],
  });
}

export async function chooseQuoteWindow(
  token: string,
  pick: TQuoteWindowPick,
  now = new Date(),
): Promise<QuoteWindowsDTO> {
  // Read once outside the lock: the quote's state, the job, and whether booking takes it.
  const quote = await approvedQuoteOf(db, token);
  const { companyId } = quote;
  const seenJob = assertTrayJob(await quoteJobsOf(db, quote));
  const online = await onlineBookingFor(db, companyId, seenJob.type);
  if (!online) throw new Conflict(QUOTE_WINDOW_MESSAGES.bookingOff);
  const window = online.settings.windows.find((one) => one.start === pick.start);
  if (!window)
    throw new BadRequest(BOOKING_MESSAGES.start, [{ path: "start", message: BOOKING_MESSAGES.start }]);
  const { need } = online;

  const done = await db
    .transaction(async (tx) => {
      // The day's lock first, as a booking and a reschedule take it: one of two gets the last place.
      await lockBookingDay(tx, companyId, pick.date);
      const live = assertTrayJob(await quoteJobsOf(tx, quote, true));
      const fitted = await fitInWindow(tx, {
        companyId,
        service: need,
        place: await placeOfJob(tx, live),
        date: pick.date,
        start: window.start,
        end: window.end,
        now,
      });
      if (!fitted) throw new WindowTaken(BOOKING_MESSAGES.windowTaken);
      // The booking page's length and skills for the type: what the window was fitted for.
      const [moved] = await tx
        .update(jobs)
        .set({
          employeeId: fitted.employeeId,
          date: pick.date,
          time: fitted.time,
          arrivalWindow: { start: window.start, end: window.end },
          durationMinutes: need.durationMinutes,
          requiredSkills: [...need.requiredSkills],
          ...nextVersion(live, null),
        })
        .where(eq(jobs.id, live.id))
        .returning();
      const week = await ensureWeeklySchedule(tx, companyId, pick.date);
      return { before: live, after: moved, week };
    })
    .catch(async (error: unknown) => {
      if (error instanceof WindowTaken) throw await windowTakenWithFresh(token, now);
      throw error;
    });

  // Committed: the board moves the card out of the tray; what follows never undoes the pick.
  if (done.week) publish(companyId, "weeklySchedule.created", done.week);
  await announceVisitChange(done.before, done.after).catch((error: unknown) =>
    logger.warn({ err: error, jobId: done.after.id }, "quote window not announced"),
  );
  return {
    offered: false,
    horizonDays: online.settings.horizonDays,
    scheduled: scheduledWindowOf([done.after]),
    windows: [],
  };
}
