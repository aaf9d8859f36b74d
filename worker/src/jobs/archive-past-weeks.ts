import { archivePastWeeks } from "@sched/core/commands/archive-past-weeks";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

/**
 * The daily sweep: weeks whose Sunday has passed become Archived in the history. The
 * command publishes weeklySchedule.updated per week through the Redis emitter.
 */
export const archivePastWeeksJob: JobHandler = async () => {
  const archived = await archivePastWeeks();
  if (archived.length > 0) logger.info({ count: archived.length }, "archived past weeks");
  return { archived: archived.length };
};
