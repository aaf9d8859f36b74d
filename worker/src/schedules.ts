/**
 * Repeating sweeps, registered with BullMQ job schedulers (idempotent upserts: any
 * number of workers may call this at start).
 */

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
  // Invitations whose e-mail job was lost with a web process during a Redis outage (docs/reliability.md).
  sweepUnsentInvitations: { every: MINUTE_MS },
  // Idempotency keys answer repeats for 24 h only (docs/api.md).
  sweepIdempotencyKeys: { every: 24 * HOUR_MS },
  // The bell keeps 90 days of entries (docs/realtime.md).
  sweepNotifications: { every: 24 * HOUR_MS },
  // Recurring jobs keep their occurrences 12 weeks ahead (docs/schedule.md).
  extendJobSeries: { every: 24 * HOUR_MS },
  // Day-before reminders at each company's reminder time, and notices lost on the way (docs/customers.md).
  sweepCustomerNotices: { every: MINUTE_MS },
  // The bell reminds whoever is still clocked in an hour after their working day (docs/timesheets.md).
  sweepClockReminders: { every: 5 * MINUTE_MS },
} as const;

export async function scheduleRepeatingJobs() {
  const connection = newRedisConnection();
  const queue = new Queue(QUEUES.maintenance, { connection, prefix: BULL_PREFIX });
  try {
    for (const [name, repeat] of Object.entries(REPEATING)) {
      // Only sweeps whose handler exists are scheduled.
      if (!(name in maintenanceHandlers)) continue;
      await queue.upsertJobScheduler(name, repeat, { name, data: {} });
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
