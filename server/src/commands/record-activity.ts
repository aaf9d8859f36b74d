/**
 * The bell's source: events that matter to a company's members (jobs created, moved
 * or completed, members joining, payment state) are kept as activity rows and
 * pushed as notification.created. Call after the change has committed.
 */
import type { JobDTO, NotificationDTO } from "@sched/shared-types";
import { db } from "../db/client";
import { activityEvents } from "../db/schema";
import { formatDate } from "../lib/dates";
import { logger } from "../logger";
import { publish } from "../realtime/publish";

export type ActivityKind =
  | "job.created"
  | "job.moved"
  | "job.completed"
  | "member.joined"
  | "payment.updated";

export type Activity = { kind: ActivityKind; title: string; detail?: string | null };

type JobFacts = Pick<JobDTO, "type" | "location" | "date" | "time" | "employeeId" | "status">;

/** What a job change means for the bell, or null when it is not worth a notification. */
export function describeJobChange(before: JobFacts | undefined, after: JobFacts): Activity | null {
  const where = `${after.type} at ${after.location}`;
  if (!before)
    return {
      kind: "job.created",
      title: `New job: ${where}`,
      detail: `${formatDate(after.date)} ${after.time}`,
    };
  if (after.status === "completed" && before.status !== "completed") {
    return { kind: "job.completed", title: `Job completed: ${where}`, detail: null };
  }
  if (before.date !== after.date || before.time !== after.time || before.employeeId !== after.employeeId) {
    return {
      kind: "job.moved",
      title: `Job moved: ${where}`,
      detail: `Now ${formatDate(after.date)} ${after.time}`,
    };
  }
  return null;
}

/** Stores the activity and pushes it; a failure here never fails the change it describes. */
export async function recordActivity(companyId: string, activity: Activity | null, actorUserId?: string) {
  if (!activity) return;
  try {
    const [row] = await db
      .insert(activityEvents)
      .values({
        companyId,
        kind: activity.kind,
        title: activity.title,
        detail: activity.detail ?? null,
        actorUserId,
      })
      .returning();
    const notification: NotificationDTO = {
      id: row.id,
      kind: row.kind,
      title: row.title,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
      isRead: false,
    };
    publish(companyId, "notification.created", { ...notification, companyId });
  } catch (error) {
    logger.error({ err: error, companyId, kind: activity.kind }, "could not record activity");
  }
}
