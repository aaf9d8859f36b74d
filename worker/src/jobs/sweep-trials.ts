/**
 * The hourly trial sweep: the command (core/src/commands/sweep-trials.ts) queues the
 * trial e-mails that are due and tells the browsers of newly expired companies.
 */
import { sweepTrials as sweepTrialCompanies } from "@sched/core/commands/sweep-trials";
import { logger } from "@sched/core/logger";
import type { JobHandler } from "./registry";

export async function sweepTrials(now = new Date()) {
  const swept = await sweepTrialCompanies(now);
  if (swept.reminders + swept.ended > 0) logger.info(swept, "trial sweep");
  return swept;
}

export const sweepTrialsJob: JobHandler = () => sweepTrials();
