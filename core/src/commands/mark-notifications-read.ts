/** Marking the bell read (docs/realtime.md): the member's own entries in one company. */
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { db } from "../db/client";
import { notifications } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { publishToUser } from "../publish";

export const NOTIFICATION_NOT_FOUND = "Notification not found";

/**
 * Marks the unread entries of this member in their company read, up to the entry `upTo`
 * (the newest they saw; an entry that arrived after it stays unread), or all without it;
 * with `only`, just that one entry (the one they opened from the bell).
 * Their other tabs follow.
 */
export async function markNotificationsRead(
  member: CompanyAccess,
  upTo?: string,
  only?: string,
): Promise<void> {
  const { companyId, userId } = member;
  const own = and(eq(notifications.recipientUserId, userId), eq(notifications.companyId, companyId));
  if (only) return markOneRead(member, only);
  const seen = upTo ? and(own, eq(notifications.id, upTo)) : undefined;
  if (seen) {
    // Only the caller's own entry in this company names the limit: any other id is not found.
    const [found] = await db.select({ id: notifications.id }).from(notifications).where(seen);
    if (!found) throw new NotFound(NOTIFICATION_NOT_FOUND);
  }
  // Compared in PostgreSQL: a timestamp's microseconds do not survive a JavaScript Date.
  const seenAt = db.select({ at: notifications.createdAt }).from(notifications).where(seen);
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        own,
        isNull(notifications.readAt),
        seen ? lte(notifications.createdAt, sql`(${seenAt})`) : undefined,
      ),
    );
  publishToUser(userId, "notification.read", { companyId });
}

/** One entry opened from the bell: read, the others as they were; any other id is not found. */
async function markOneRead({ companyId, userId }: CompanyAccess, id: string): Promise<void> {
  const [found] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.recipientUserId, userId),
        eq(notifications.companyId, companyId),
      ),
    );
  if (!found) throw new NotFound(NOTIFICATION_NOT_FOUND);
  if (found.readAt) return;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  publishToUser(userId, "notification.read", { companyId });
}
