/**
 * Sessions in the web process's memory, read through from the `sessions` table, which
 * stays the store of record (docs/auth.md, docs/realtime.md "Caches in the web process").
 * Every write or deletion of a session (sign-in, logout) says so on the invalidation
 * channel, and every web process drops its copy. Messages name a session by a digest of
 * its id (the id is a credential, and messages travel through Redis); in memory, entries
 * are found by the id itself, so a request's lookup costs no hashing.
 */
import { createHash } from "node:crypto";
import { onChannelReset, onInvalidation, publishInvalidation } from "./channel";
import { type FillTicket, InvalidatedMap } from "./invalidated-map";

/** The session as stored (JSON text, so every reader gets its own copy) and when it expires. */
export type CachedSession = { json: string; expiresAt: number };

/** A minute at most: the bound if a process died between a logout's commit and its message. */
const entries = new InvalidatedMap<CachedSession>(50_000, 60_000);
/** The id of each kept session by its digest, to act on messages. */
const idByDigest = new Map<string, string>();

const digestOf = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex").slice(0, 32);

function forget(sessionId: string): void {
  entries.invalidate(sessionId);
}

onInvalidation("session", (digest) => {
  const sessionId = idByDigest.get(digest);
  if (sessionId === undefined) return;
  idByDigest.delete(digest);
  forget(sessionId);
});
onChannelReset(() => idByDigest.clear());

export const sessionCache = {
  get: (sessionId: string): CachedSession | undefined => entries.get(sessionId),
  ticket: (): FillTicket => entries.ticket(),
  fill(ticket: FillTicket, sessionId: string, session: CachedSession): void {
    if (ticket !== entries.ticket()) return;
    if (idByDigest.size >= 50_000) idByDigest.clear();
    idByDigest.set(digestOf(sessionId), sessionId);
    entries.fill(ticket, sessionId, "", session);
  },
};

/** The session was written or destroyed: call after the store has it. */
export function sessionChanged(sessionId: string): void {
  forget(sessionId);
  publishInvalidation("session", digestOf(sessionId));
}
