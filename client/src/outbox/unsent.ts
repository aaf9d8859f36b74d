/**
 * Before signing out (docs/offline.md): signing out deletes the outbox, so
 * whatever still waits is sent first, and what could not be sent (no network, a change
 * refused, one the office overtook) is counted for the question "sign out anyway?".
 */
import { listChanges } from "./outbox";
import { sendOutbox, signedInUserId } from "./sender";

/** How many of the signed-in user's changes are still on this device after one more try to send them. */
export async function unsentAfterTrying(): Promise<number> {
  await sendOutbox();
  const userId = signedInUserId();
  try {
    return (await listChanges()).filter((change) => change.userId === userId).length;
  } catch {
    // No IndexedDB on this browser: nothing was ever kept.
    return 0;
  }
}
