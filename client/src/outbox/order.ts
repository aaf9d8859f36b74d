/**
 * The outbox's order (docs/offline.md): oldest first, and a change never overtakes an
 * unresolved one of the same job (or, for chat, an earlier unsent message).
 */
import type { QueuedChange } from "./outbox";

/** What goes next: the oldest waiting change of this user not held behind an unresolved one. */
export function nextToSend(changes: QueuedChange[], userId: string): QueuedChange | undefined {
  const heldJobs = new Set<string>();
  let isChatHeld = false;
  let isClockHeld = false;
  for (const change of changes) {
    if (change.userId !== userId) continue;
    if (change.kind === "clock") {
      // "End my day" never arrives before its "Start my day" (docs/timesheets.md).
      if (change.state === "waiting" && !isClockHeld) return change;
      isClockHeld = true;
      continue;
    }
    // A job's photos keep their place among the job's other changes.
    const isHeld = change.kind === "chat" ? isChatHeld : heldJobs.has(change.jobId);
    if (change.state === "waiting" && !isHeld) return change;
    // A later change of the same job (or a later chat message) keeps its place behind it.
    if (change.kind === "chat") isChatHeld = true;
    else heldJobs.add(change.jobId);
  }
  return undefined;
}
