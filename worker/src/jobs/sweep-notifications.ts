/** The daily sweep of the bell: entries older than 90 days go (core/src/commands/sweep-notifications.ts). */
import { sweepOldNotifications } from "@sched/core/commands/sweep-notifications";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

export async function sweepNotifications(now = new Date()) {
  const removed = await sweepOldNotifications(now);
  if (removed > 0) logger.info({ count: removed }, "old bell entries removed");
  return { removed };
}

export const sweepNotificationsJob: JobHandler = () => sweepNotifications();
