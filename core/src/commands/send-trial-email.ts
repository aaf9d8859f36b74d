/**
 * Each trial e-mail at most once per company (worker/src/jobs/trial-emails.ts sends them):
 * the company row stays locked while `send` runs and its sent-at column is set in the same
 * transaction, so a failed send is retried (rolled back) and a second delivery of the job
 * finds it sent. A connection lost after the SMTP server took the mail rolls the sent-at
 * back too, and the retry sends it again (the worker gives it the same Message-ID).
 */
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { companies, users } from "../db/schema";
import { isTrialExpired } from "../policies/subscription-state";

export type TrialCompany = typeof companies.$inferSelect;
export type TrialOwner = Pick<typeof users.$inferSelect, "email" | "firstName">;
export type TrialEmailKind = "trial-reminder" | "trial-ended";

type TrialEmail = {
  sentAt: (company: TrialCompany) => Date | null;
  markSent: (now: Date) => Partial<TrialCompany>;
  /** Whether the e-mail still says something true now. */
  isDue: (company: TrialCompany, now: Date) => boolean;
};

const EMAILS: Record<TrialEmailKind, TrialEmail> = {
  "trial-reminder": {
    sentAt: (company) => company.trialReminderSentAt,
    markSent: (now) => ({ trialReminderSentAt: now }),
    isDue: (company, now) => !isTrialExpired(company, now),
  },
  "trial-ended": {
    sentAt: (company) => company.trialEndedSentAt,
    markSent: (now) => ({ trialEndedSentAt: now }),
    isDue: (company, now) => isTrialExpired(company, now),
  },
};

/** Only a company still on its (unpaid, not free) trial hears about the trial. */
const isOnTrial = (company: TrialCompany) => company.subscriptionStatus === "trial" && !company.isFreeAccount;

export async function sendTrialEmailOnce(
  companyId: string,
  kind: TrialEmailKind,
  send: (company: TrialCompany, owner: TrialOwner, now: Date) => Promise<void>,
  now = new Date(),
): Promise<{ sent: boolean; reason?: string }> {
  const email = EMAILS[kind];
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
    await send(row.company, row.owner, now);
    await tx.update(companies).set(email.markSent(now)).where(eq(companies.id, companyId));
    return { sent: true };
  });
}
