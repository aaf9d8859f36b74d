/**
 * The trial e-mails, each sent at most once per company: core's sendTrialEmailOnce
 * (core/src/commands/send-trial-email.ts) keeps the company row locked while the mail goes
 * out and sets its sent-at in the same transaction. A connection lost after the SMTP server
 * took the mail rolls the sent-at back, and the retry sends it again: with the same
 * Message-ID, so it is the same message.
 */

import {
  sendTrialEmailOnce,
  type TrialCompany,
  type TrialEmailKind,
  type TrialOwner,
} from "@sched/core/commands/send-trial-email";
import { config } from "@sched/core/config";
import { daysLeftInTrial } from "@sched/core/policies/subscription-state";
import { ZEmailJobs } from "@sched/shared-types";
import { type Mail, sendMail } from "../mail/transport";
import { trialEndedMail, trialReminderMail } from "../mail/trial";
import type { JobHandler } from "./registry";

/** The same id on every attempt for one trial (a changed trial end is a new e-mail). */
export const trialMessageId = (email: { kind: TrialEmailKind }, company: TrialCompany) =>
  `<${email.kind}-${company.id}-${company.trialEndsAt.getTime()}@${new URL(config.appUrl).hostname}>`;

const COMPOSE: Record<TrialEmailKind, (company: TrialCompany, owner: TrialOwner, now: Date) => Mail> = {
  "trial-reminder": (company, owner, now) =>
    trialReminderMail({
      to: owner.email,
      firstName: owner.firstName,
      companyName: company.name,
      trialEndsAt: company.trialEndsAt,
      daysLeft: daysLeftInTrial(company, now),
    }),
  "trial-ended": (company, owner) =>
    trialEndedMail({
      to: owner.email,
      firstName: owner.firstName,
      companyName: company.name,
      trialEndsAt: company.trialEndsAt,
    }),
};

function sendOnce(companyId: string, kind: TrialEmailKind) {
  return sendTrialEmailOnce(companyId, kind, async (company, owner, now) => {
    // sendMail hands the message to nodemailer as is, so the fixed Message-ID travels with it.
    const mail: Mail & { messageId: string } = {
      ...COMPOSE[kind](company, owner, now),
      messageId: trialMessageId({ kind }, company),
    };
    await sendMail(mail);
  });
}

export const sendTrialReminderEmailJob: JobHandler = async (job) => {
  const { companyId } = ZEmailJobs.sendTrialReminderEmail.parse(job.data);
  return sendOnce(companyId, "trial-reminder");
};

export const sendTrialEndedEmailJob: JobHandler = async (job) => {
  const { companyId } = ZEmailJobs.sendTrialEndedEmail.parse(job.data);
  return sendOnce(companyId, "trial-ended");
};
