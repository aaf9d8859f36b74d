import { logger } from "@sched/core/logger";
import type { Job } from "bullmq";
import type { JobHandler } from "./jobs/registry";

/** Routes a job to its handler by name; an unknown name fails loudly instead of vanishing. */
export function dispatcher(handlers: Partial<Record<string, JobHandler>>) {
  return async (job: Job) => {
    const handler = handlers[job.name];
    if (!handler) throw new Error(`No handler for job ${job.name}`);
    const started = Date.now();
    const result = await handler(job);
    logger.info({ job: job.name, id: job.id, ms: Date.now() - started }, "job done");
    return result;
  };
}
