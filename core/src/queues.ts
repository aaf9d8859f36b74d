/**
 * BullMQ's e-mail queue. Enqueueing never fails or holds up the caller: Redis gets
 * ENQUEUE_TIMEOUT_MS, and a job it did not take is only logged. Nothing waits in memory:
 * an e-mail a request promised is owed in the mail outbox (PostgreSQL), and a job here is
 * only a wake-up (./mail-outbox/record.ts); trial e-mails are asked for again by the
 * hourly trial sweep (docs/reliability.md).
 */
import { createHash } from "node:crypto";
import {
  EMAIL_JOB_OPTIONS,
  type EmailJobData,
  type EmailJobName,
  GEOCODE_JOB_OPTIONS,
  QUEUES,
  type StreetLookupTarget,
} from "@sched/shared-types";
import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { config } from "./config";
import { logger } from "./logger";
import { isRedisAway, newFailFastConnection, redis } from "./redis";

export const BULL_PREFIX = `${config.redisPrefix}bull`;

/** How long a request may wait for Redis to take an e-mail before it goes on without. */
const ENQUEUE_TIMEOUT_MS = 1000;

/** The invitation e-mail's job id: one job per invitation, however often it is hinted. */
export const invitationEmailJobId = (invitationId: string) => `invitation-${invitationId}`;

/** The password reset e-mail's job id: one e-mail per reset, however often it is enqueued. */
export const passwordResetEmailJobId = (resetId: string) => `password-reset-${resetId}`;

type EmailRequest = { name: EmailJobName; data: EmailJobData<EmailJobName>; jobId: string; delayMs?: number };

let emailQueue: { queue: Queue; connection: Redis } | undefined;

function openEmailQueue() {
  if (!emailQueue) {
    // A producer gives up quickly (unlike a worker): a request must not hang on Redis.
    const connection = newFailFastConnection("email queue");
    const queue = new Queue(QUEUES.email, { connection, prefix: BULL_PREFIX });
    // The connection reports the outage itself; without a listener BullMQ prints every error.
    queue.on("error", (error) => logger.debug({ err: error }, "email queue error"));
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

/**
 * Queues an e-mail job. jobId makes a repeated enqueue of the same e-mail a no-op while
 * the first is pending. delayMs holds the e-mail back (a change notice waiting for the
 * job to settle). A refusal is logged: whoever owes the e-mail asks again (see above).
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
  } catch (error) {
    logger.warn({ err: error, name, jobId }, "could not enqueue e-mail; its owner asks again");
  }
}

let geocodeQueue: { queue: Queue; connection: Redis } | undefined;

function openGeocodeQueue() {
  if (!geocodeQueue) {
    const connection = newFailFastConnection("geocode queue");
    const queue = new Queue(QUEUES.geocode, { connection, prefix: BULL_PREFIX });
    queue.on("error", (error) => logger.debug({ err: error }, "geocode queue error"));
    geocodeQueue = { queue, connection };
  }
  return geocodeQueue;
}

/** The street-level geocoding queue (docs/places.md). */
export function getGeocodeQueue(): Queue {
  return openGeocodeQueue().queue;
}

/**
 * One lookup per row and address: a burst of saves of the same address queues one job, and
 * the job id names the address by a hash only (a payload carries ids, never an address).
 */
export const streetLookupJobId = ({ kind, id }: StreetLookupTarget, addressKey: string) =>
  `place-${kind}-${id}-${createHash("sha256").update(addressKey).digest("hex").slice(0, 16)}`;

/**
 * Queues a street-level lookup of a row's address. Like an e-mail's, it never fails or
 * holds up the save: Redis gets ENQUEUE_TIMEOUT_MS, a refusal is logged, and the sweep
 * (sweepPlaces) finds the row still without a street place later. True when queued.
 */
export async function enqueueStreetLookup(target: StreetLookupTarget, addressKey: string): Promise<boolean> {
  const jobId = streetLookupJobId(target, addressKey);
  let timer: NodeJS.Timeout | undefined;
  try {
    const { queue, connection } = openGeocodeQueue();
    if (isRedisAway(redis) || isRedisAway(connection)) throw new Error("Redis is unavailable");
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error("Redis did not answer in time")), ENQUEUE_TIMEOUT_MS);
    });
    await Promise.race([queue.add("lookUpStreetPlace", target, { ...GEOCODE_JOB_OPTIONS, jobId }), timeout]);
    return true;
  } catch (error) {
    logger.warn({ err: error, jobId }, "could not enqueue a street lookup; the places sweep asks again");
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function closeQueues() {
  const queues = [emailQueue, geocodeQueue];
  emailQueue = undefined;
  geocodeQueue = undefined;
  for (const current of queues) {
    if (!current) continue;
    await current.queue.close();
    current.connection.disconnect();
  }
}
