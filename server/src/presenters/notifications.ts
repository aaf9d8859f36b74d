import type { NotificationDTO } from "@sched/shared-types";
import type { activityEvents } from "../db/schema";

type ActivityRow = Pick<typeof activityEvents.$inferSelect, "id" | "kind" | "title" | "detail" | "createdAt">;

/** A bell entry: the activity and whether this user has seen it; never who did it. */
export function presentNotification(row: ActivityRow, isRead: boolean): NotificationDTO {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
    isRead,
  };
}
