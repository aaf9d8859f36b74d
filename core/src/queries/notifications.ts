/**
 * The header bell (docs/realtime.md, "The bell"): the signed-in member's own entries in
 * one company, newest first. Rows are written per recipient by core/src/notifications/;
 * this only reads them (one range of the index on recipient, company and time).
 */
import { NOTIFICATIONS_LIMIT, type NotificationDTO } from "@sched/shared-types";
import { and, desc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { notifications } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { presentNotification } from "../presenters/notifications";

export async function listNotifications(member: CompanyAccess): Promise<NotificationDTO[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.recipientUserId, member.userId), eq(notifications.companyId, member.companyId)),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);
  return rows.map(presentNotification);
}
