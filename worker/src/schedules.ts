/**
 * Repeating sweeps, registered with BullMQ job schedulers (idempotent upserts: any
 * number of workers may register them, any number of times).
 */

import { logger } from "@sched/core/logger";
import { BULL_PREFIX } from "@sched/core/queues";
import { newRedisConnection } from "@sched/core/redis";
import { QUEUES } from "@sched/shared-types";
import { Queue } from "bullmq";
import { maintenanceHandlers } from "./jobs/registry";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

export const REPEATING = {
  archivePastWeeks: { every: 24 * HOUR_MS },
  sweepTrials: { every: HOUR_MS },
  // Idempotency keys answer repeats for 24 h only (docs/api.md).
  sweepIdempotencyKeys: { every: 24 * HOUR_MS },
  // The mail outbox keeps what it sent for 30 days (docs/reliability.md).
  sweepMailOutbox: { every: 24 * HOUR_MS },
  // The bell keeps 90 days of entries (docs/realtime.md).
  sweepNotifications: { every: 24 * HOUR_MS },
  // Recurring jobs keep their occurrences 12 weeks ahead (docs/schedule.md).
  extendJobSeries: { every: 24 * HOUR_MS },
  // Day-before reminders at each company's reminder time, and notices lost on the way (docs/customers.md).
  sweepCustomerNotices: { every: MINUTE_MS },
  // The bell reminds whoever is still clocked in an hour after their working day (docs/timesheets.md).
  sweepClockReminders: { every: 5 * MINUTE_MS },
  // Deleted jobs can be put back for a day (docs/schedule.md).
  sweepDeletedJobs: { every: 24 * HOUR_MS },
  // Street lookups a Redis outage lost, and expired geocoder answers (docs/places.md).
  sweepPlaces: { every: 15 * MINUTE_MS },
  // Invoices past due become overdue on the company's day; reminders at 3, 7, 14 days (docs/money.md).
  sweepInvoicesDue: { every: 10 * MINUTE_MS },
  // The owners' e-mail of last week's numbers, Monday from 07:00 in each company's zone (docs/numbers.md).
  sweepWeeklyNumbers: { every: 15 * MINUTE_MS },
} as const;

/** Sweeps since retired: a scheduler Redis still holds for one would start jobs nobody handles. */
const RETIRED = ["sweepUnsentInvitations"];

async function registerRepeatingJobs(queue: Queue) {
  for (const [name, repeat] of Object.entries(REPEATING)) {
    // Only sweeps whose handler exists are scheduled.
    if (!(name in maintenanceHandlers)) continue;
    await queue.upsertJobScheduler(name, repeat, { name, data: {} });
  }
  for (const name of RETIRED) await queue.removeJobScheduler(name);
}

/**
 * Registers the sweeps each time the worker's connection to Redis is ready: at start, and
 * again after every reconnect, because a Redis that came back empty (restarted without
 * its data, flushed) has forgotten them (docs/reliability.md). `registered` resolves after
 * the first registration.
 */
export function keepRepeatingJobsScheduled() {
  const connection = newRedisConnection();
  const queue = new Queue(QUEUES.maintenance, { connection, prefix: BULL_PREFIX });
  // The connection reports the outage itself; without a listener BullMQ prints every error.
  queue.on("error", (error) => logger.debug({ err: error }, "maintenance queue error"));
  let resolveFirst: () => void = () => {};
  const registered = new Promise<void>((resolve) => {
    resolveFirst = resolve;
  });
  const register = () =>
    registerRepeatingJobs(queue).then(
      () => {
        logger.info("repeating sweeps registered");
        resolveFirst();
      },
      // Lost again mid-way: the next "ready" registers them.
      (error: unknown) => logger.warn({ err: error }, "could not register the repeating sweeps"),
    );
  connection.on("ready", () => void register());
  return {
    registered,
    connection,
    close: async () => {
      connection.removeAllListeners("ready");
      await queue.close();
      connection.disconnect();
    },
  };
}
