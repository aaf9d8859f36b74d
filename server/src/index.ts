/** The web process: migrate, listen, attach the realtime gateway, shut down cleanly. */
import { createServer } from "node:http";
import { startInvalidationListener, stopInvalidationListener } from "@sched/core/cache/channel";
import { config } from "@sched/core/config";
import { pool } from "@sched/core/db/client";
import { runMigrations } from "@sched/core/db/migrate";
import { logger } from "@sched/core/logger";
import { closeQueues } from "@sched/core/queues";
import { redis } from "@sched/core/redis";
import { createApp } from "./app";
import { sessionMiddleware } from "./auth/session";
import { withFastLane } from "./http/fast-lane";
import { attachGateway } from "./realtime/gateway";

async function main() {
  await runMigrations(config.databaseUrl!);
  const app = createApp();
  // The board's unchanged week and the empty chat poll are answered from memory before
  // Express when they can be (docs/realtime.md, "The fast lane").
  const httpServer = createServer(withFastLane(app));
  const io = attachGateway(httpServer, sessionMiddleware);
  // Sessions, memberships and the jobs list's version are kept in memory once this process
  // hears every invalidation; until then (Redis away at start) PostgreSQL answers each time.
  void startInvalidationListener();
  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
  logger.info({ port: config.port, url: config.appUrl }, "web listening");

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, "web stopping");
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await stopInvalidationListener();
    await closeQueues();
    await pool.end();
    redis.disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  logger.fatal({ err: error }, "web failed to start");
  console.error(error);
  process.exit(1);
});
