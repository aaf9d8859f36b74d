/** Background queues: names and payload schemas. Payloads carry ids, never secrets or rows. */
import { z } from "zod";

export const QUEUES = {
  email: "email",
  maintenance: "maintenance",
} as const;

export const ZEmailJobs = {
  sendInvitationEmail: z.object({ invitationId: z.uuid() }),
  sendTrialReminderEmail: z.object({ companyId: z.uuid() }),
  sendTrialEndedEmail: z.object({ companyId: z.uuid() }),
  sendCustomerNotice: z.object({ noticeId: z.uuid() }),
  sendPasswordResetEmail: z.object({ resetId: z.uuid() }),
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
} as const;

export type EmailJobName = keyof typeof ZEmailJobs;
export type MaintenanceJobName = keyof typeof ZMaintenanceJobs;
export type EmailJobData<N extends EmailJobName> = z.infer<(typeof ZEmailJobs)[N]>;

/** At-least-once delivery with backoff; handlers are idempotent. */
export const EMAIL_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential" as const, delay: 2000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};
