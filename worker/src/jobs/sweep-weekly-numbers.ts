/** The owners' Monday e-mail of last week's numbers (core/src/commands/sweep-weekly-numbers.ts; docs/numbers.md). */
import { sweepWeeklyNumbers } from "@sched/core/commands/sweep-weekly-numbers";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

export const sweepWeeklyNumbersJob: JobHandler = async () => {
  const done = await sweepWeeklyNumbers();
  if (done.owed > 0) logger.info(done, "weekly numbers e-mails owed");
  return done;
};
