/**
 * Job handlers by queue and job name. Each handler reloads what it needs from the
 * database (payloads carry ids only) and is idempotent: BullMQ delivers at least once.
 */
import type { EmailJobName, MaintenanceJobName } from "@sched/shared-types";
import type { Job } from "bullmq";
import { archivePastWeeksJob } from "./archive-past-weeks";
import { extendJobSeriesJob } from "./extend-job-series";
import { sendCustomerNotice } from "./send-customer-notice";
import { sendInvitationEmail } from "./send-invitation-email";
import { sendPasswordResetEmail } from "./send-password-reset-email";
import { sweepClockRemindersJob } from "./sweep-clock-reminders";
import { sweepCustomerNoticesJob } from "./sweep-customer-notices";
import { sweepIdempotencyKeysJob } from "./sweep-idempotency-keys";
import { sweepNotificationsJob } from "./sweep-notifications";
import { sweepTrialsJob } from "./sweep-trials";
import { sweepUnsentInvitationsJob } from "./sweep-unsent-invitations";
import { sendTrialEndedEmailJob, sendTrialReminderEmailJob } from "./trial-emails";

export type JobHandler = (job: Job) => Promise<unknown>;

export const emailHandlers: Partial<Record<EmailJobName, JobHandler>> = {
  sendInvitationEmail,
  sendTrialReminderEmail: sendTrialReminderEmailJob,
  sendTrialEndedEmail: sendTrialEndedEmailJob,
  sendCustomerNotice,
  sendPasswordResetEmail,
};
export const maintenanceHandlers: Partial<Record<MaintenanceJobName, JobHandler>> = {
  archivePastWeeks: archivePastWeeksJob,
  sweepTrials: sweepTrialsJob,
  sweepUnsentInvitations: sweepUnsentInvitationsJob,
  sweepIdempotencyKeys: sweepIdempotencyKeysJob,
  sweepNotifications: sweepNotificationsJob,
  extendJobSeries: extendJobSeriesJob,
  sweepCustomerNotices: sweepCustomerNoticesJob,
  sweepClockReminders: sweepClockRemindersJob,
};
