/**
 * Repeating sweeps, registered with BullMQ job schedulers (idempotent upserts: any
 * number of workers may call this at start).
 */

import { BULL_PREFIX } from "@sched/server/queues";
import { newRedisConnection } from "@sched/server/redis";
import { QUEUES } from "@sched/shared-types";
import { Queue } from "bullmq";
import { maintenanceHandlers } from "./jobs/registry";

const HOUR_MS = 60 * 60 * 1000;

export const REPEATING = {
  archivePastWeeks: { every: 24 * HOUR_MS },
  sweepTrials: { every: HOUR_MS },
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
