/**
 * The hourly trial sweep: asks for the reminder e-mail of trials ending within
 * TRIAL_REMINDER_DAYS_BEFORE days and the trial-ended e-mail of trials that have
 * ended, and tells the browsers of newly expired companies (their banner turns to
 * Trial Expired and changes answer 402 from now on).
 */
import {
  TRIAL_REMINDER_DAYS_BEFORE,
  trialEndedJobId,
  trialReminderJobId,
} from "@sched/server/billing/trial-jobs";
import { db } from "@sched/server/db/client";
import { companies } from "@sched/server/db/schema";
import { logger } from "@sched/server/logger";
import { enqueueEmail } from "@sched/server/queues";
import { publish } from "@sched/server/realtime/publish";
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { JobHandler } from "./registry";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Unpaid, not free, still on the trial status: the companies the trial rules are about. */
const onTrial = and(eq(companies.subscriptionStatus, "trial"), eq(companies.isFreeAccount, false));

export async function sweepTrials(now = new Date()) {
  const reminderFrom = new Date(now.getTime() + TRIAL_REMINDER_DAYS_BEFORE * DAY_MS);
  const endingSoon = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        onTrial,
        isNull(companies.trialReminderSentAt),
        gt(companies.trialEndsAt, now),
        lte(companies.trialEndsAt, reminderFrom),
      ),
    );
  const ended = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(onTrial, isNull(companies.trialEndedSentAt), lte(companies.trialEndsAt, now)));

  for (const { id } of endingSoon) {
    await enqueueEmail("sendTrialReminderEmail", { companyId: id }, trialReminderJobId(id));
  }
  for (const { id } of ended) {
    await enqueueEmail("sendTrialEndedEmail", { companyId: id }, trialEndedJobId(id));
    publish(id, "subscription.updated", { companyId: id });
  }
  if (endingSoon.length + ended.length > 0) {
    logger.info({ reminders: endingSoon.length, ended: ended.length }, "trial sweep");
  }
  return { reminders: endingSoon.length, ended: ended.length };
}

export const sweepTrialsJob: JobHandler = () => sweepTrials();
