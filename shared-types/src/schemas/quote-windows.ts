/**
 * An approved quote's job takes a booking window (docs/quotes.md, "Choosing a time"): the
 * windows the booking page would offer for the job's type at the customer's address, and the
 * customer's pick, by the quote's own link.
 */
import { z } from "zod";
import { ZOfferedWindow, ZWindowsQuery } from "./booking";
import { ZVisitReschedule } from "./visits";

export const QUOTE_WINDOW_MESSAGES = {
  notApproved: "Approve the quote first, then choose a time",
  alreadyScheduled: "This work already has a time: the company will tell you of any change",
  noJob: "This quote has no work left to schedule: please contact the company",
  bookingOff: "Choosing a time online is not available: the company will be in touch",
} as const;

/** GET /api/public/quotes/:token/windows?from=&days= */
export const ZQuoteWindowsQuery = ZWindowsQuery.pick({ from: true, days: true });
export type TQuoteWindowsQuery = { from?: string; days?: number };

/** What the approved quote's page may offer: a time to choose, the time chosen, or neither. */
export const ZQuoteWindows = z
  .object({
    offered: z
      .boolean()
      .describe("Online booking is on and offers the job's type: the customer may choose a time"),
    horizonDays: z.int().describe("How many days ahead windows are offered"),
    scheduled: ZOfferedWindow.nullable().describe("The job's day and arrival window once it has one"),
    windows: z.array(ZOfferedWindow).describe("Free windows of the days asked for; empty unless offered"),
  })
  .meta({ id: "QuoteWindows" });
export type QuoteWindowsDTO = z.infer<typeof ZQuoteWindows>;

/** POST /api/public/quotes/:token/window: one of the windows offered (its date and start). */
export const ZQuoteWindowPick = ZVisitReschedule.meta({ id: "QuoteWindowPick" });
export type TQuoteWindowPick = z.infer<typeof ZQuoteWindowPick>;
