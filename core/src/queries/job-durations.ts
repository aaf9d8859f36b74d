/** A new job's length when the request leaves it out (docs/schedule.md). */
import { DEFAULT_JOB_DURATION_MINUTES, type JobType } from "@sched/shared-types";
import { db, type Executor } from "../db/client";
import { loadCompanySettings } from "./company-settings";

/** The owner's default for the job type (Settings), else DEFAULT_JOB_DURATION_MINUTES. */
export async function defaultJobDuration(
  companyId: string,
  type: JobType,
  executor: Executor = db,
): Promise<number> {
  const settings = await loadCompanySettings(companyId, executor);
  return settings.jobTypeDurations[type] ?? DEFAULT_JOB_DURATION_MINUTES;
}
