/**
 * The trial e-mails, each sent at most once per company: the company row stays locked
 * while the mail goes out and its sent-at column is set in the same transaction, so a
 * failed send is retried (rolled back) and a second delivery of the job finds it sent.
 * A connection lost after the SMTP server took the mail rolls the sent-at back too, and
 * the retry sends it again: with the same Message-ID, so it is the same message.
 */

import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { companies, users } from "@sched/core/db/schema";
import { daysLeftInTrial, isTrialExpired } from "@sched/core/policies/subscription-state";
import { ZEmailJobs } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { type Mail, sendMail } from "../mail/transport";
import { trialEndedMail, trialReminderMail } from "../mail/trial";
import type { JobHandler } from "./registry";

type Company = typeof companies.$inferSelect;
type Owner = Pick<typeof users.$inferSelect, "email" | "firstName">;

type TrialEmail = {
  /** Names the e-mail in its Message-ID. */
  kind: "trial-reminder" | "trial-ended";
  sentAt: (company: Company) => Date | null;
  markSent: (now: Date) => Partial<Company>;
  /** Whether the e-mail still says something true now. */
  isDue: (company: Company, now: Date) => boolean;
  compose: (company: Company, owner: Owner, now: Date) => Parameters<typeof sendMail>[0];
};

/** Only a company still on its (unpaid, not free) trial hears about the trial. */
const isOnTrial = (company: Company) => company.subscriptionStatus === "trial" && !company.isFreeAccount;

/** The same id on every attempt for one trial (a changed trial end is a new e-mail). */
export const trialMessageId = (email: Pick<TrialEmail, "kind">, company: Company) =>
  `<${email.kind}-${company.id}-${company.trialEndsAt.getTime()}@${new URL(config.appUrl).hostname}>`;

async function sendOnce(companyId: string, email: TrialEmail, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ company: companies, owner: { email: users.email, firstName: users.firstName } })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(eq(companies.id, companyId))
      .for("update", { of: companies });
    if (!row) return { sent: false, reason: "company gone" };
    if (email.sentAt(row.company)) return { sent: false, reason: "already sent" };
    if (!isOnTrial(row.company) || !email.isDue(row.company, now)) return { sent: false, reason: "not due" };
    // sendMail hands the message to nodemailer as is, so the fixed Message-ID travels with it.
    const mail: Mail & { messageId: string } = {
      ...email.compose(row.company, row.owner, now),
      messageId: trialMessageId(email, row.company),
    };
    await sendMail(mail);
    await tx.update(companies).set(email.markSent(now)).where(eq(companies.id, companyId));
    return { sent: true };
  });
}

const REMINDER: TrialEmail = {
  kind: "trial-reminder",
  sentAt: (company) => company.trialReminderSentAt,
  markSent: (now) => ({ trialReminderSentAt: now }),
  isDue: (company, now) => !isTrialExpired(company, now),
  compose: (company, owner, now) =>
    trialReminderMail({
      to: owner.email,
      firstName: owner.firstName,
      companyName: company.name,
      trialEndsAt: company.trialEndsAt,
      daysLeft: daysLeftInTrial(company, now),
    }),
};

const ENDED: TrialEmail = {
  kind: "trial-ended",
  sentAt: (company) => company.trialEndedSentAt,
  markSent: (now) => ({ trialEndedSentAt: now }),
  isDue: (company, now) => isTrialExpired(company, now),
  compose: (company, owner) =>
    trialEndedMail({
      to: owner.email,
      firstName: owner.firstName,
      companyName: company.name,
      trialEndsAt: company.trialEndsAt,
    }),
};

export const sendTrialReminderEmailJob: JobHandler = async (job) => {
  const { companyId } = ZEmailJobs.sendTrialReminderEmail.parse(job.data);
  return sendOnce(companyId, REMINDER);
};

export const sendTrialEndedEmailJob: JobHandler = async (job) => {
  const { companyId } = ZEmailJobs.sendTrialEndedEmail.parse(job.data);
  return sendOnce(companyId, ENDED);
};
