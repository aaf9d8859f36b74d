import { extendOpenSeries } from "@sched/core/commands/job-series";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

/**
 * The daily sweep of recurring jobs (docs/schedule.md): every open
 * series gets its occurrences up to 12 weeks ahead. Running it twice makes nothing the
 * second time; the command publishes one jobSeries.changed per series that grew.
 */
export const extendJobSeriesJob: JobHandler = async () => {
  const created = await extendOpenSeries();
  if (created > 0) logger.info({ created }, "extended recurring jobs");
  return { created };
};
