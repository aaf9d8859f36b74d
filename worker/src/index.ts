/**
 * The worker process. Realtime events go to browsers through the Socket.IO Redis
 * emitter (the publish port, core/src/publish.ts). E-mail a request promised is polled
 * from the mail outbox in PostgreSQL (./mail-outbox.ts). SIGTERM lets running jobs and
 * the e-mail being sent finish first.
 */
import { config } from "@sched/core/config";
import { pool } from "@sched/core/db/client";
import { logger } from "@sched/core/logger";
import { redis } from "@sched/core/redis";
import { startMailOutbox } from "./mail-outbox";
import { keepRepeatingJobsScheduled } from "./schedules";
import { startWorkers } from "./workers";

async function main() {
  const running = startWorkers();
  const outbox = startMailOutbox();
  const schedules = keepRepeatingJobsScheduled();
  await schedules.registered;
  logger.info({ redisPrefix: config.redisPrefix }, "worker started");
  const stop = async (signal: string) => {
    logger.info({ signal }, "worker stopping");
    await Promise.all([outbox.stop(), schedules.close()]);
    await running.close();
    await pool.end();
    redis.disconnect();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
