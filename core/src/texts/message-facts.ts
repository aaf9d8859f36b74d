/**
 * What fills a customer message's placeholders (shared-types/src/customer-messages.ts), read
 * when the worker sends it (docs/customers.md): the company's own texts and review link from
 * its booking settings, the visit's day and window, the technician's first name (never the
 * full name: the customer's side never shows it), the arrival estimate of On my way, and the
 * visit page's link.
 */
import {
  arrivalWindowText,
  type CustomerMessagesDTO,
  type CustomerMessageValues,
  DEFAULT_CUSTOMER_MESSAGE_SETTINGS,
  formatClock,
  type TimeFormat,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { formatCalendarDate } from "../customer-notices/visit-time";
import { db } from "../db/client";
import { bookingSettings, type jobs } from "../db/schema";
import { visitLink } from "../visits/visit-link";

type JobRow = typeof jobs.$inferSelect;

/** The company's message texts (null: the defaults) and review link; defaults without booking settings. */
export async function loadMessageSettings(
  companyId: string,
): Promise<{ messages: CustomerMessagesDTO; reviewUrl: string | null }> {
  const [row] = await db
    .select({ messages: bookingSettings.messages, reviewUrl: bookingSettings.reviewUrl })
    .from(bookingSettings)
    .where(eq(bookingSettings.companyId, companyId));
  return {
    messages: { ...DEFAULT_CUSTOMER_MESSAGE_SETTINGS, ...row?.messages },
    reviewUrl: row?.reviewUrl?.trim() || null,
  };
}

export const firstNameOf = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || null;

/** "9:40 AM": an instant on the company's clock, in its format. */
export const clockAt = (at: Date, timeZone: string, format: TimeFormat) =>
  formatClock(DateTime.fromJSDate(at, { zone: timeZone }).toFormat("HH:mm"), format);

/** "8–10 AM" for a promised window, else the visit's time ("9:30 AM"). */
export const visitWindowText = (
  job: { time: string; arrivalWindow: { start: string; end: string } | null },
  format: TimeFormat,
) => (job.arrivalWindow ? arrivalWindowText(job.arrivalWindow, format) : formatClock(job.time, format));

export type MessageFactsInput = {
  job: JobRow & { date: string; time: string };
  companyName: string;
  customerName: string | null;
  technicianName: string | null;
  timeZone: string;
  timeFormat: TimeFormat;
  reviewUrl: string | null;
};

/** Every placeholder's value for a message about `job`; makes the job's visit link on first use. */
export async function messageValuesOf(input: MessageFactsInput): Promise<CustomerMessageValues> {
  const { job, timeZone, timeFormat } = input;
  return {
    customerFirstName: firstNameOf(input.customerName) ?? "there",
    companyName: input.companyName,
    date: formatCalendarDate(job.date, { weekday: "long", month: "long", day: "numeric" }),
    window: visitWindowText(job, timeFormat),
    technicianFirstName: firstNameOf(input.technicianName),
    arrivalTime: job.arrivalEstimateAt ? clockAt(job.arrivalEstimateAt, timeZone, timeFormat) : null,
    visitUrl: await visitLink(db, job),
    reviewUrl: input.reviewUrl,
  };
}
