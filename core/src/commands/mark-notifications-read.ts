/** Marking the bell read (docs/realtime.md, "The bell"): the member's own entries in one company. */
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "../db/client";
import { notifications } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { publishToUser } from "../publish";

/** Marks every unread entry of this member in their company read; their other tabs follow. */
export async function markNotificationsRead(member: CompanyAccess): Promise<void> {
  const { companyId, userId } = member;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.recipientUserId, userId),
        eq(notifications.companyId, companyId),
        isNull(notifications.readAt),
      ),
    );
  publishToUser(userId, "notification.read", { companyId });
}
