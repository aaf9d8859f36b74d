import type { NotificationDTO, NotificationKind } from "@sched/shared-types";
import type { notifications } from "../db/schema";

type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  "id" | "kind" | "message" | "jobId" | "readAt" | "createdAt"
>;

/** A bell entry of its recipient: the sentence, the job it is about, whether it was read; never who did it. */
export function presentNotification(row: NotificationRow): NotificationDTO {
  return {
    id: row.id,
    // Only the notifications module writes this column, from NotificationKind.
    kind: row.kind as NotificationKind,
    message: row.message,
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
