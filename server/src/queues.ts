/**
 * The web process only enqueues; the worker does the work. A failure to enqueue is
 * logged and never fails the request that asked for the e-mail.
 */
import { EMAIL_JOB_OPTIONS, type EmailJobData, type EmailJobName, QUEUES } from "@sched/shared-types";
import { Queue } from "bullmq";
import { config } from "./config";
import { logger } from "./logger";
import { newRedisConnection } from "./redis";

export const BULL_PREFIX = `${config.redisPrefix}bull`;

let emailQueue: Queue | undefined;

export function getEmailQueue(): Queue {
  emailQueue ??= new Queue(QUEUES.email, { connection: newRedisConnection(), prefix: BULL_PREFIX });
  return emailQueue;
}

/** jobId makes a repeated enqueue of the same e-mail a no-op while the first is pending. */
export async function enqueueEmail<N extends EmailJobName>(name: N, data: EmailJobData<N>, jobId?: string) {
  try {
    await getEmailQueue().add(name, data, { ...EMAIL_JOB_OPTIONS, jobId });
  } catch (error) {
    logger.error({ err: error, name }, "could not enqueue e-mail");
  }
}

export async function closeQueues() {
  await emailQueue?.close();
  emailQueue = undefined;
}
