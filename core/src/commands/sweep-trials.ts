/**
 * The trial sweep (docs/billing.md): asks for the reminder e-mail of trials ending within
 * TRIAL_REMINDER_DAYS_BEFORE days and the trial-ended e-mail of trials that have ended,
 * and tells the browsers of newly expired companies (their banner turns to Trial Expired
 * and changes answer 402 from now on). Run hourly by the worker; idempotent: the e-mail
 * jobs have fixed ids and their handlers record when they sent.
 */
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { TRIAL_REMINDER_DAYS_BEFORE, trialEndedJobId, trialReminderJobId } from "../billing/trial-jobs";
import { db } from "../db/client";
import { companies } from "../db/schema";
import { publish } from "../publish";
import { enqueueEmail } from "../queues";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Unpaid, not free, still on the trial status: the companies the trial rules are about. */
const onTrial = and(eq(companies.subscriptionStatus, "trial"), eq(companies.isFreeAccount, false));

/** Companies whose trial ends within the reminder window and that have had no reminder. */
function trialsEndingSoon(now: Date) {
  const reminderFrom = new Date(now.getTime() + TRIAL_REMINDER_DAYS_BEFORE * DAY_MS);
  return db
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
}

/** Companies whose trial has ended and that have not been told so. */
function trialsEnded(now: Date) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(and(onTrial, isNull(companies.trialEndedSentAt), lte(companies.trialEndsAt, now)));
}

export async function sweepTrials(now = new Date()): Promise<{ reminders: number; ended: number }> {
  const endingSoon = await trialsEndingSoon(now);
  const ended = await trialsEnded(now);
  for (const { id } of endingSoon) {
    await enqueueEmail("sendTrialReminderEmail", { companyId: id }, trialReminderJobId(id));
  }
  for (const { id } of ended) {
    await enqueueEmail("sendTrialEndedEmail", { companyId: id }, trialEndedJobId(id));
    publish(id, "subscription.updated", { companyId: id });
  }
  return { reminders: endingSoon.length, ended: ended.length };
}
