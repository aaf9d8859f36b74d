/**
 * Job handlers by queue and job name. Each handler reloads what it needs from the
 * database (payloads carry ids only) and is idempotent: BullMQ delivers at least once.
 */
import {
  type EmailJobName,
  type GeocodeJobName,
  type MaintenanceJobName,
  ZEmailJobs,
} from "@sched/shared-types";
import type { Job } from "bullmq";
import { deliverMail } from "../mail-outbox";
import { archivePastWeeksJob } from "./archive-past-weeks";
import { extendJobSeriesJob } from "./extend-job-series";
import { lookUpStreetPlaceJob, sweepPlacesJob } from "./look-up-street-place";
import { sweepClockRemindersJob } from "./sweep-clock-reminders";
import { sweepCustomerNoticesJob } from "./sweep-customer-notices";
import { sweepDeletedJobsJob } from "./sweep-deleted-jobs";
import { sweepIdempotencyKeysJob } from "./sweep-idempotency-keys";
import { sweepInvoicesDueJob } from "./sweep-invoices-due";
import { sweepMailOutboxJob } from "./sweep-mail-outbox";
import { sweepNotificationsJob } from "./sweep-notifications";
import { sweepTrialsJob } from "./sweep-trials";
import { sweepWeeklyNumbersJob } from "./sweep-weekly-numbers";
import { sendTrialEndedEmailJob, sendTrialReminderEmailJob } from "./trial-emails";

export type JobHandler = (job: Job) => Promise<unknown>;

export const emailHandlers: Partial<Record<EmailJobName, JobHandler>> = {
  // Owed in the mail outbox: the job only wakes the worker for its row (../mail-outbox.ts).
  sendInvitationEmail: (job) =>
    deliverMail("invitation", ZEmailJobs.sendInvitationEmail.parse(job.data).invitationId),
  sendTrialReminderEmail: sendTrialReminderEmailJob,
  sendTrialEndedEmail: sendTrialEndedEmailJob,
  sendCustomerNotice: (job) =>
    deliverMail("customer_notice", ZEmailJobs.sendCustomerNotice.parse(job.data).noticeId),
  sendCustomerText: (job) =>
    deliverMail("customer_text", ZEmailJobs.sendCustomerText.parse(job.data).noticeId),
  sendPasswordResetEmail: (job) =>
    deliverMail("password_reset", ZEmailJobs.sendPasswordResetEmail.parse(job.data).resetId),
  sendInvoiceEmail: (job) =>
    deliverMail("invoice_sent", ZEmailJobs.sendInvoiceEmail.parse(job.data).invoiceId),
  sendInvoiceText: (job) => deliverMail("invoice_text", ZEmailJobs.sendInvoiceText.parse(job.data).invoiceId),
  sendInvoiceReminder: (job) =>
    deliverMail("invoice_reminder", ZEmailJobs.sendInvoiceReminder.parse(job.data).reminderId),
  sendQuoteEmail: (job) => deliverMail("quote_sent", ZEmailJobs.sendQuoteEmail.parse(job.data).quoteId),
  sendQuoteText: (job) => deliverMail("quote_text", ZEmailJobs.sendQuoteText.parse(job.data).quoteId),
  sendWeeklyNumbers: (job) =>
    deliverMail("weekly_numbers", ZEmailJobs.sendWeeklyNumbers.parse(job.data).mailId),
};
export const maintenanceHandlers: Partial<Record<MaintenanceJobName, JobHandler>> = {
  archivePastWeeks: archivePastWeeksJob,
  sweepTrials: sweepTrialsJob,
  sweepIdempotencyKeys: sweepIdempotencyKeysJob,
  sweepMailOutbox: sweepMailOutboxJob,
  sweepNotifications: sweepNotificationsJob,
  extendJobSeries: extendJobSeriesJob,
  sweepCustomerNotices: sweepCustomerNoticesJob,
  sweepClockReminders: sweepClockRemindersJob,
  sweepDeletedJobs: sweepDeletedJobsJob,
  sweepPlaces: sweepPlacesJob,
  sweepInvoicesDue: sweepInvoicesDueJob,
  sweepWeeklyNumbers: sweepWeeklyNumbersJob,
};
export const geocodeHandlers: Partial<Record<GeocodeJobName, JobHandler>> = {
  lookUpStreetPlace: lookUpStreetPlaceJob,
};
