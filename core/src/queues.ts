/**
 * The web process only enqueues; the worker does the work. Enqueueing never fails or
 * holds up the request that asked for the e-mail: Redis gets ENQUEUE_TIMEOUT_MS, and an
 * e-mail it did not take waits in this process's memory and is handed over as soon as
 * the queue's connection is back. Should the process stop first, the worker's sweeps
 * ask again: unsent invitations after a grace period, trial e-mails every hour
 * (docs/reliability.md).
 */
import { EMAIL_JOB_OPTIONS, type EmailJobData, type EmailJobName, QUEUES } from "@sched/shared-types";
import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { config } from "./config";
import { logger } from "./logger";
import { isRedisAway, newFailFastConnection, redis } from "./redis";

export const BULL_PREFIX = `${config.redisPrefix}bull`;

/** How long a request may wait for Redis to take an e-mail before it goes on without. */
const ENQUEUE_TIMEOUT_MS = 1000;

/** A bound on what a long outage can pile up in memory; beyond it the worker's sweeps catch up. */
const MAX_WAITING_EMAILS = 10_000;

/** The invitation e-mail's job id: the web's enqueue and the worker's sweep of unsent ones share it. */
export const invitationEmailJobId = (invitationId: string) => `invitation-${invitationId}`;

/** The password reset e-mail's job id: one e-mail per reset, however often it is enqueued. */
export const passwordResetEmailJobId = (resetId: string) => `password-reset-${resetId}`;

type EmailRequest = { name: EmailJobName; data: EmailJobData<EmailJobName>; jobId: string; delayMs?: number };

let emailQueue: { queue: Queue; connection: Redis } | undefined;

/** E-mails Redis did not take yet, by job id. */
const waiting = new Map<string, EmailRequest>();
let isHandingOver = false;

function openEmailQueue() {
  if (!emailQueue) {
    // A producer gives up quickly (unlike a worker): a request must not hang on Redis.
    const connection = newFailFastConnection("email queue");
    const queue = new Queue(QUEUES.email, { connection, prefix: BULL_PREFIX });
    // The connection reports the outage itself; without a listener BullMQ prints every error.
    queue.on("error", (error) => logger.debug({ err: error }, "email queue error"));
    connection.on("ready", () => void handOverWaiting());
    emailQueue = { queue, connection };
  }
  return emailQueue;
}

export function getEmailQueue(): Queue {
  return openEmailQueue().queue;
}

async function addWithinTimeout({ name, data, jobId, delayMs }: EmailRequest): Promise<void> {
  const queue = getEmailQueue();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("Redis did not answer in time")), ENQUEUE_TIMEOUT_MS);
  });
  try {
    await Promise.race([queue.add(name, data, { ...EMAIL_JOB_OPTIONS, jobId, delay: delayMs }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Hands the waiting e-mails to Redis, oldest first; stops at the first refusal (Redis gone again). */
async function handOverWaiting(): Promise<void> {
  if (isHandingOver || waiting.size === 0) return;
  isHandingOver = true;
  try {
    for (const request of [...waiting.values()]) {
      await addWithinTimeout(request);
      waiting.delete(request.jobId);
      logger.info({ name: request.name, jobId: request.jobId }, "queued e-mail handed over after an outage");
    }
  } catch (error) {
    logger.warn({ err: error, waiting: waiting.size }, "e-mails still wait for Redis");
  } finally {
    isHandingOver = false;
  }
}

/**
 * Queues an e-mail job. jobId makes a repeated enqueue of the same e-mail a no-op while
 * the first is pending, which also makes handing one over twice harmless. delayMs holds
 * the e-mail back (a change notice waiting for the job to settle).
 */
export async function enqueueEmail<N extends EmailJobName>(
  name: N,
  data: EmailJobData<N>,
  jobId: string,
  delayMs?: number,
) {
  const request: EmailRequest = { name, data, jobId, delayMs };
  try {
    // Known to be away (a queue first used during an outage would wait for it): no need to wait to know.
    if (isRedisAway(redis) || isRedisAway(openEmailQueue().connection))
      throw new Error("Redis is unavailable");
    await addWithinTimeout(request);
    // Redis answers again: anything left from a blip the connection did not notice goes too.
    void handOverWaiting();
  } catch (error) {
    if (waiting.size >= MAX_WAITING_EMAILS) {
      logger.error({ err: error, name, jobId }, "could not enqueue e-mail, too many already wait");
      return;
    }
    waiting.set(jobId, request);
    logger.warn({ err: error, name, jobId }, "could not enqueue e-mail yet, it waits for Redis");
  }
}

export async function closeQueues() {
  if (waiting.size > 0) logger.warn({ waiting: waiting.size }, "e-mails left for the worker's sweeps");
  waiting.clear();
  const current = emailQueue;
  emailQueue = undefined;
  if (!current) return;
  await current.queue.close();
  current.connection.disconnect();
}
