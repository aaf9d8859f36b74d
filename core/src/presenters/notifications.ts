import type { NotificationDTO, NotificationKind, NotificationTimeOff } from "@sched/shared-types";
import type { notifications } from "../db/schema";
import type { TimeOffRow } from "./time-off";

type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  "id" | "kind" | "message" | "jobId" | "readAt" | "createdAt"
>;

/** The request as an entry shows it. Entries about time off go to the office or to the requester, who see the kind. */
type TimeOffFacts = Pick<TimeOffRow, "id" | "employeeId" | "kind" | "startDate" | "endDate" | "status">;

/**
 * A bell entry of its recipient: the sentence, the job or time off request it is about (as it
 * is now), whether it was read; never who did it.
 */
export function presentNotification(row: NotificationRow, timeOff?: TimeOffFacts | null): NotificationDTO {
  return {
    id: row.id,
    // Only the notifications module writes this column, from NotificationKind.
    kind: row.kind as NotificationKind,
    message: row.message,
    jobId: row.jobId,
    timeOff: timeOff ? (timeOff as NotificationTimeOff) : null,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
