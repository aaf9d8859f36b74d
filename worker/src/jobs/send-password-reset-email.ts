/**
 * Job `sendPasswordResetEmail` {resetId}: sends the reset link once (docs/auth.md).
 *
 * Like the invitation e-mail (send-invitation-email.ts): the handler reloads the row and
 * skips it when it is gone, already sent, used or expired; sentAt is recorded right after
 * the SMTP server takes the message. The token is derived from the reset's id, so a retry
 * after a crash in between sends the same working link with the same Message-ID.
 */

import {
  recordPasswordResetSent,
  storePasswordResetTokenHash,
} from "@sched/core/commands/record-mail-progress";
import { passwordResetLink, passwordResetToken } from "@sched/core/lib/password-reset-token";
import { hashToken } from "@sched/core/lib/tokens";
import { logger } from "@sched/core/logger";
import { loadPasswordResetForEmail } from "@sched/core/queries/mail-subjects";
import { ZEmailJobs } from "@sched/shared-types";
import type { Job } from "bullmq";
import { renderPasswordResetEmail } from "../mail/password-reset";
import { recordSent } from "../mail/record-sent";
import { type Mail, sendMail } from "../mail/transport";

export type PasswordResetSendOutcome = "sent" | "gone" | "already-sent" | "used" | "expired";

/** The same id on every attempt, so mail systems that saw a first copy can drop a repeat. */
export const passwordResetMessageId = (resetId: string, appUrl: string) =>
  `<password-reset-${resetId}@${new URL(appUrl).hostname}>`;

export async function sendPasswordResetEmail(job: Pick<Job, "data">): Promise<PasswordResetSendOutcome> {
  const { resetId } = ZEmailJobs.sendPasswordResetEmail.parse(job.data);
  const found = await loadPasswordResetForEmail(resetId);
  if (!found) return "gone";
  const { reset } = found;
  if (reset.sentAt) return "already-sent";
  if (reset.usedAt) return "used";
  if (reset.expiresAt <= new Date()) return "expired";

  const token = passwordResetToken(reset.id);
  const tokenHash = hashToken(token);
  // The stored hash must match the link we send, even if the server key changed since the request.
  await storePasswordResetTokenHash(reset.id, tokenHash);

  const link = passwordResetLink(token);
  const body = renderPasswordResetEmail({
    firstName: found.firstName,
    link,
    isSentByOwner: reset.requestedBy !== null,
  });
  const mail: Mail & { messageId: string } = {
    to: found.email,
    ...body,
    messageId: passwordResetMessageId(reset.id, link),
  };
  await sendMail(mail);
  const sentAt = new Date();
  await recordSent(() => recordPasswordResetSent(reset.id, sentAt), { resetId: reset.id });
  logger.info({ resetId: reset.id }, "password reset e-mail sent");
  return "sent";
}
