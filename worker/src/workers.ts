/** One BullMQ Worker per queue; tests start them in-process, the worker process in index.ts. */

import { config } from "@sched/core/config";
import { logger } from "@sched/core/logger";
import { closeMailClaims } from "@sched/core/mail-outbox/claim";
import { BULL_PREFIX } from "@sched/core/queues";
import { newRedisConnection } from "@sched/core/redis";
import { QUEUES } from "@sched/shared-types";
import { Worker } from "bullmq";
import { dispatcher } from "./dispatch";
import { geocodeBackoff } from "./jobs/look-up-street-place";
import { emailHandlers, geocodeHandlers, maintenanceHandlers } from "./jobs/registry";

export type WorkerOptions = {
  /** Street lookups a second at most, across every worker (GEOCODER_REQUESTS_PER_SECOND; Nominatim's policy: 1). */
  geocodeRequestsPerSecond?: number;
};

export function startWorkers(options: WorkerOptions = {}) {
  const connection = newRedisConnection();
  const perSecond = options.geocodeRequestsPerSecond ?? config.geocoder?.requestsPerSecond ?? 1;
  const workers = [
    new Worker(QUEUES.email, dispatcher(emailHandlers), { connection, prefix: BULL_PREFIX, concurrency: 5 }),
    new Worker(QUEUES.maintenance, dispatcher(maintenanceHandlers), { connection, prefix: BULL_PREFIX }),
    // BullMQ's limiter holds the pace in Redis, so several workers together keep the service's limit.
    new Worker(QUEUES.geocode, dispatcher(geocodeHandlers), {
      connection,
      prefix: BULL_PREFIX,
      limiter: { max: 1, duration: Math.ceil(1000 / perSecond) },
      settings: { backoffStrategy: geocodeBackoff },
    }),
  ];
  for (const worker of workers) {
    worker.on("failed", (job, error) =>
      logger.warn({ job: job?.name, id: job?.id, attempt: job?.attemptsMade, err: error }, "job failed"),
    );
  }
  return {
    workers,
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      // The e-mail jobs take their outbox rows on connections of their own.
      await closeMailClaims();
      connection.disconnect();
    },
  };
}
