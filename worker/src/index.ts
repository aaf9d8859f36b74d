/**
 * The worker process. Realtime events go to browsers through the Socket.IO Redis
 * emitter (the publish port, core/src/publish.ts). SIGTERM lets running jobs finish first.
 */
import { config } from "@sched/core/config";
import { pool } from "@sched/core/db/client";
import { logger } from "@sched/core/logger";
import { redis } from "@sched/core/redis";
import { scheduleRepeatingJobs } from "./schedules";
import { startWorkers } from "./workers";

async function main() {
  const running = startWorkers();
  await scheduleRepeatingJobs();
  logger.info({ redisPrefix: config.redisPrefix }, "worker started");
  const stop = async (signal: string) => {
    logger.info({ signal }, "worker stopping");
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
