/**
 * Invitation tokens (docs/team-and-invitations.md).
 *
 * The token is HMAC-SHA256(key, invitation id): 32 bytes, base64url. The database keeps
 * only its SHA-256, the queue payload only the invitation id, so neither a database dump
 * nor Redis reveals a working link. The worker derives the same token again when it
 * sends, which is what lets a retried e-mail carry the same working link as a first
 * attempt that may already have reached the inbox.
 */
import { createHmac } from "node:crypto";
import { INVITATION_TTL_DAYS } from "@sched/shared-types";
import { config } from "../config";

const DAY_MS = 24 * 60 * 60 * 1000;

// A key of its own, derived from the server secret, so no other use of that secret
// (session cookie signatures) can ever produce an invitation token.
const tokenKey = createHmac("sha256", config.sessionSecret).update("scheduler/invitation-token/v1").digest();

/** The link token of an invitation; only the web and worker processes, which hold the secret, can make it. */
export function invitationToken(invitationId: string): string {
  return createHmac("sha256", tokenKey).update(invitationId).digest("base64url");
}

export function invitationLink(token: string): string {
  return `${config.appUrl}/invite/${token}`;
}

export function invitationExpiry(now = new Date()): Date {
  return new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
}
