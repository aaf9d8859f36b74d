/** Background queues: names and payload schemas. Payloads carry ids, never secrets or rows. */
import { z } from "zod";

export const QUEUES = {
  email: "email",
  maintenance: "maintenance",
  geocode: "geocode",
} as const;

export const ZEmailJobs = {
  sendInvitationEmail: z.object({ invitationId: z.uuid() }),
  sendTrialReminderEmail: z.object({ companyId: z.uuid() }),
  sendTrialEndedEmail: z.object({ companyId: z.uuid() }),
  sendCustomerNotice: z.object({ noticeId: z.uuid() }),
  // The same notice row's text message (docs/customers.md, "Text messages").
  sendCustomerText: z.object({ noticeId: z.uuid() }),
  sendPasswordResetEmail: z.object({ resetId: z.uuid() }),
  // An invoice to its customer, and an overdue reminder (docs/money.md).
  sendInvoiceEmail: z.object({ invoiceId: z.uuid() }),
  sendInvoiceReminder: z.object({ reminderId: z.uuid() }),
  // The invoice page's link by text, to a customer without an e-mail address (docs/invoice-page.md).
  sendInvoiceText: z.object({ invoiceId: z.uuid() }),
  // The owners' Monday e-mail of last week's numbers (docs/numbers.md).
  sendWeeklyNumbers: z.object({ mailId: z.uuid() }),
  // A quote's link to its customer, by e-mail or by text (docs/quotes.md).
  sendQuoteEmail: z.object({ quoteId: z.uuid() }),
  sendQuoteText: z.object({ quoteId: z.uuid() }),
} as const;

export const ZMaintenanceJobs = {
  archivePastWeeks: z.object({}),
  sweepTrials: z.object({}),
  sweepIdempotencyKeys: z.object({}),
  sweepMailOutbox: z.object({}),
  sweepNotifications: z.object({}),
  extendJobSeries: z.object({}),
  sweepCustomerNotices: z.object({}),
  sweepClockReminders: z.object({}),
  sweepDeletedJobs: z.object({}),
  sweepPlaces: z.object({}),
  sweepInvoicesDue: z.object({}),
  sweepWeeklyNumbers: z.object({}),
} as const;

/**
 * Street-level geocoding (docs/places.md): which row to look up, never its address (the
 * worker reads the address as it is when the job runs).
 */
export const ZGeocodeJobs = {
  lookUpStreetPlace: z.object({
    companyId: z.uuid(),
    kind: z.enum(["customer", "job"]),
    id: z.uuid(),
  }),
} as const;

export type EmailJobName = keyof typeof ZEmailJobs;
export type MaintenanceJobName = keyof typeof ZMaintenanceJobs;
export type EmailJobData<N extends EmailJobName> = z.infer<(typeof ZEmailJobs)[N]>;
export type GeocodeJobName = keyof typeof ZGeocodeJobs;
export type StreetLookupTarget = z.infer<typeof ZGeocodeJobs.lookUpStreetPlace>;

/** At-least-once delivery with backoff; handlers are idempotent. */
export const EMAIL_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential" as const, delay: 2000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};

/**
 * The backoff a geocoding job takes: exponential from `delay`, but never sooner than the
 * service's Retry-After (the worker's backoffStrategy reads it from the error).
 */
export const GEOCODE_BACKOFF_TYPE = "geocode";

/** A lookup is tried for about an hour (5 s, 10 s, … 40 min) before the sweep's next pass takes it up. */
export const GEOCODE_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: GEOCODE_BACKOFF_TYPE, delay: 5000 },
  // Gone once done, so a later change of the address back to this one is looked up again;
  // a failed one stays a day (the sweep's re-enqueue is a no-op until then).
  removeOnComplete: true,
  removeOnFail: { age: 24 * 60 * 60 },
};
