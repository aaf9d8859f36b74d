/**
 * The header bell (docs/realtime.md): the signed-in member's own entries in
 * one company, newest first. Rows are written per recipient by core/src/notifications/;
 * this only reads them (one range of the index on recipient, company and time), with the
 * time off request an entry is about as it is now.
 */
import { NOTIFICATIONS_LIMIT, type NotificationDTO } from "@sched/shared-types";
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "../db/client";
import { notifications, timeOff } from "../db/schema";
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
  const requests = await timeOffOf(
    member.companyId,
    rows.map((row) => row.timeOffId),
  );
  return rows.map((row) => presentNotification(row, row.timeOffId ? requests.get(row.timeOffId) : null));
}

/** The company's time off requests with these ids, by id. */
export async function timeOffOf(companyId: string, ids: ReadonlyArray<string | null>) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, typeof timeOff.$inferSelect>();
  const rows = await db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.companyId, companyId), inArray(timeOff.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
}
