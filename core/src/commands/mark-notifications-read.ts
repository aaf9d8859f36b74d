/** Marking the bell read (docs/realtime.md, "The bell"): the member's own entries in one company. */
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { db } from "../db/client";
import { notifications } from "../db/schema";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { publishToUser } from "../publish";

export const NOTIFICATION_NOT_FOUND = "Notification not found";

/**
 * Marks the unread entries of this member in their company read, up to the entry `upTo`
 * (the newest they saw; an entry that arrived after it stays unread), or all without it.
 * Their other tabs follow.
 */
export async function markNotificationsRead(member: CompanyAccess, upTo?: string): Promise<void> {
  const { companyId, userId } = member;
  const own = and(eq(notifications.recipientUserId, userId), eq(notifications.companyId, companyId));
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
