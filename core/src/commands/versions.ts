/**
 * Optimistic concurrency for the rows people edit side by side: jobs, employees, call
 * records, templates and history weeks (docs/api.md). Every
 * change grows the row's version by one and records who made it; a save that names a
 * version other than the row's is refused with 409 stale, naming who changed it, instead of
 * silently overwriting that change. A save that names no version goes through.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { users } from "../db/schema";
import { Stale } from "../errors";

export type Versioned = { version: number; updatedBy: string | null };

export const SOMEONE_ELSE = "Someone else";

/** The columns a change of the locked row writes besides its own: next version, who, when. */
export function nextVersion(locked: Versioned, userId: string | null) {
  return { version: locked.version + 1, updatedBy: userId, updatedAt: new Date() };
}

/** The name of who made the row's last change; the sweep, or a user since deleted, is "Someone else". */
async function whoChanged(tx: Executor, userId: string | null): Promise<string> {
  if (!userId) return SOMEONE_ELSE;
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : "";
  return name || SOMEONE_ELSE;
}

export const staleMessage = (who: string, noun: string) => `${who} changed this ${noun} since you opened it.`;

/**
 * Throws 409 stale, with the row as it is now, when the client named another version than
 * the row's. Called on the row read `for update` in the transaction that then writes it, so
 * no other change can come between the check and the write.
 */
export async function assertCurrentVersion(
  tx: Executor,
  locked: Versioned,
  expected: number | undefined,
  noun: string,
  present: () => unknown,
): Promise<void> {
  if (expected === undefined || expected === locked.version) return;
  throw new Stale(staleMessage(await whoChanged(tx, locked.updatedBy), noun), await present());
}
