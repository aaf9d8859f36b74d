/**
 * The web process only enqueues; the worker does the work. A failure to enqueue is
 * logged and never fails the request that asked for the e-mail.
 */
import { EMAIL_JOB_OPTIONS, type EmailJobData, type EmailJobName, QUEUES } from "@sched/shared-types";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { config } from "./config";
import { logger } from "./logger";

export const BULL_PREFIX = `${config.redisPrefix}bull`;

let emailQueue: Queue | undefined;

/** How long a request may wait for Redis to take an e-mail before it goes on without. */
const ENQUEUE_TIMEOUT_MS = 3000;

export function getEmailQueue(): Queue {
  if (!emailQueue) {
    // A producer connection gives up quickly (unlike a worker's): a request must not hang on Redis.
    const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    emailQueue = new Queue(QUEUES.email, { connection, prefix: BULL_PREFIX });
  }
  return emailQueue;
}

/** jobId makes a repeated enqueue of the same e-mail a no-op while the first is pending. */
export async function enqueueEmail<N extends EmailJobName>(name: N, data: EmailJobData<N>, jobId?: string) {
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error("Redis did not answer in time")), ENQUEUE_TIMEOUT_MS);
    });
    await Promise.race([getEmailQueue().add(name, data, { ...EMAIL_JOB_OPTIONS, jobId }), timeout]).finally(
      () => clearTimeout(timer),
    );
  } catch (error) {
    logger.error({ err: error, name }, "could not enqueue e-mail");
  }
}

export async function closeQueues() {
  await emailQueue?.close();
  emailQueue = undefined;
}
