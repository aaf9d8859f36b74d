/**
 * The outbox's order (docs/offline.md): oldest first, and a change never overtakes an
 * unresolved one of the same job (or, for chat, an earlier unsent message).
 */
import type { QueuedChange } from "./outbox";

/** What goes next: the oldest waiting change of this user not held behind an unresolved one. */
export function nextToSend(changes: QueuedChange[], userId: string): QueuedChange | undefined {
  const heldJobs = new Set<string>();
  let isChatHeld = false;
  for (const change of changes) {
    if (change.userId !== userId) continue;
    const isHeld = change.kind === "job" ? heldJobs.has(change.jobId) : isChatHeld;
    if (change.state === "waiting" && !isHeld) return change;
    // A later change of the same job (or a later chat message) keeps its place behind it.
    if (change.kind === "job") heldJobs.add(change.jobId);
    else isChatHeld = true;
  }
  return undefined;
}
