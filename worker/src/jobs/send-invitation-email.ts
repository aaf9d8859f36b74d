/**
 * Job `sendInvitationEmail` {invitationId}: sends the invitation e-mail once.
 *
 * BullMQ delivers at least once, so the handler reloads the row and skips it when it is
 * gone (cancelled), already sent, accepted or expired. The attempt is recorded before the
 * e-mail is handed over (sendAttemptedAt), so a repeat is known. sentAt is recorded right after the
 * SMTP server accepts the message, and recorded again if the database connection drops
 * meanwhile (../mail/record-sent.ts). A crash before that acceptance leaves nothing behind
 * and the retry sends the one e-mail. A worker that dies in the window between acceptance
 * and the sentAt update (milliseconds), or a database down for longer than the recording is
 * retried, makes the retry send it again: the token is derived from the invitation id, so
 * the second copy carries the same working link and the same Message-ID
 * (docs/team-and-invitations.md).
 */

import {
  recordInvitationSendAttempt,
  recordInvitationSent,
  storeInvitationTokenHash,
} from "@sched/core/commands/record-mail-progress";
import { invitationLink, invitationToken } from "@sched/core/lib/invitation-token";
import { hashToken } from "@sched/core/lib/tokens";
import { logger } from "@sched/core/logger";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import { loadInvitationForEmail } from "@sched/core/queries/mail-subjects";
import { companyTimeFormat, type InvitableRole, ZEmailJobs } from "@sched/shared-types";
import type { Job } from "bullmq";
import { renderInvitationEmail } from "../mail/invitation";
import { recordSent } from "../mail/record-sent";
import { type Mail, sendMail } from "../mail/transport";

export type InvitationSendOutcome = "sent" | "gone" | "already-sent" | "accepted" | "expired";

/** The same id on every attempt, so mail systems that saw a first copy can drop a repeat. */
export const invitationMessageId = (invitationId: string, appUrl: string) =>
  `<invitation-${invitationId}@${new URL(appUrl).hostname}>`;

export async function sendInvitationEmail(job: Pick<Job, "data">): Promise<InvitationSendOutcome> {
  const { invitationId } = ZEmailJobs.sendInvitationEmail.parse(job.data);
  const found = await loadInvitationForEmail(invitationId);
  if (!found) return "gone";
  const { invitation } = found;
  if (invitation.sentAt) return "already-sent";
  if (invitation.isUsed) return "accepted";
  if (invitation.expiresAt <= new Date()) return "expired";

  const token = invitationToken(invitation.id);
  const tokenHash = hashToken(token);
  // The stored hash must match the link we send, even if the server key changed since the invite.
  await storeInvitationTokenHash(invitation.id, tokenHash);

  const link = invitationLink(token);
  const inviterName =
    found.inviterFirstName !== null
      ? `${found.inviterFirstName} ${found.inviterLastName ?? ""}`.trim()
      : null;
  // The expiry reads in the company's time zone and clock (docs/team-and-invitations.md).
  const settings = await loadCompanySettings(invitation.companyId);
  const body = renderInvitationEmail({
    companyName: found.companyName,
    inviterName,
    role: invitation.role as InvitableRole,
    link,
    expiresAt: invitation.expiresAt,
    timeZone: settings.timeZone,
    timeFormat: companyTimeFormat(settings),
  });
  // sendMail hands the message to nodemailer as is, so the fixed Message-ID travels with it.
  const mail: Mail & { messageId: string } = {
    to: invitation.email,
    ...body,
    messageId: invitationMessageId(invitation.id, link),
  };
  // The attempt is on disk before the e-mail leaves: no record, no e-mail (the job's retry
  // sends it); a record without sentAt means an earlier try may have reached the server.
  if (invitation.sendAttemptedAt) {
    logger.warn(
      { invitationId: invitation.id, attemptedAt: invitation.sendAttemptedAt },
      "invitation e-mail sent again as the same message: an earlier attempt was not recorded as sent",
    );
  }
  await recordInvitationSendAttempt(invitation.id);
  await sendMail(mail);
  const sentAt = new Date();
  await recordSent(() => recordInvitationSent(invitation.id, sentAt), { invitationId: invitation.id });
  logger.info({ invitationId: invitation.id }, "invitation e-mail sent");
  return "sent";
}
