/**
 * Job ids of the trial e-mails, shared by the webhook (Stripe's trial_will_end) and the
 * worker's hourly sweep: BullMQ ignores a second job with the same id while the first
 * is kept, and the handlers record when they sent, so each e-mail goes out once.
 */
export const trialReminderJobId = (companyId: string) => `trial-reminder-${companyId}`;
export const trialEndedJobId = (companyId: string) => `trial-ended-${companyId}`;

/** The reminder goes out this many days before the trial ends. */
export const TRIAL_REMINDER_DAYS_BEFORE = 3;
