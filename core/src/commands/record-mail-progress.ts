/**
 * The worker's invitation and password-reset e-mails write their progress here
 * (worker/src/jobs/send-invitation-email.ts, send-password-reset-email.ts): the token hash
 * the link carries, the attempt, and sentAt. Each write is idempotent (a repeat changes
 * nothing), since a recording may be made again after a dropped connection.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import { db } from "../db/client";
import { employeeInvitations, passwordResets } from "../db/schema";

/** The stored hash must match the link sent, even if the server key changed since the invite. */
export async function storeInvitationTokenHash(invitationId: string, tokenHash: string) {
  await db
    .update(employeeInvitations)
    .set({ token: tokenHash })
    .where(and(eq(employeeInvitations.id, invitationId), ne(employeeInvitations.token, tokenHash)));
}

/** On disk before the e-mail leaves: a record without sentAt means a try may have reached the server. */
export async function recordInvitationSendAttempt(invitationId: string, at = new Date()) {
  await db
    .update(employeeInvitations)
    .set({ sendAttemptedAt: at })
    .where(and(eq(employeeInvitations.id, invitationId), isNull(employeeInvitations.sentAt)));
}

export async function recordInvitationSent(invitationId: string, sentAt: Date) {
  await db
    .update(employeeInvitations)
    .set({ sentAt })
    .where(and(eq(employeeInvitations.id, invitationId), isNull(employeeInvitations.sentAt)));
}

/** The stored hash must match the link sent, even if the server key changed since the request. */
export async function storePasswordResetTokenHash(resetId: string, tokenHash: string) {
  await db
    .update(passwordResets)
    .set({ tokenHash })
    .where(and(eq(passwordResets.id, resetId), ne(passwordResets.tokenHash, tokenHash)));
}

export async function recordPasswordResetSent(resetId: string, sentAt: Date) {
  await db
    .update(passwordResets)
    .set({ sentAt })
    .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.sentAt)));
}
