/** One BullMQ Worker per queue; tests start them in-process, the worker process in index.ts. */

import { logger } from "@sched/core/logger";
import { closeMailClaims } from "@sched/core/mail-outbox/claim";
import { BULL_PREFIX } from "@sched/core/queues";
import { newRedisConnection } from "@sched/core/redis";
import { QUEUES } from "@sched/shared-types";
import { Worker } from "bullmq";
import { dispatcher } from "./dispatch";
import { emailHandlers, maintenanceHandlers } from "./jobs/registry";

export function startWorkers() {
  const connection = newRedisConnection();
  const workers = [
    new Worker(QUEUES.email, dispatcher(emailHandlers), { connection, prefix: BULL_PREFIX, concurrency: 5 }),
    new Worker(QUEUES.maintenance, dispatcher(maintenanceHandlers), { connection, prefix: BULL_PREFIX }),
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
