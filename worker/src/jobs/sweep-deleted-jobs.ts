/**
 * The daily sweep of the bin: a deleted job can be put back for a day, so older ones go,
 * their photos with them (docs/schedule.md).
 */
import { sweepDeletedJobs } from "@sched/core/commands/restore-job";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

export async function sweepExpiredDeletedJobs(now = new Date()) {
  const removed = await sweepDeletedJobs(now);
  if (removed > 0) logger.info({ count: removed }, "deleted jobs past their Undo removed");
  return { removed };
}

export const sweepDeletedJobsJob: JobHandler = () => sweepExpiredDeletedJobs();
