/** The web process: migrate, listen, attach the realtime gateway, shut down cleanly. */
import { createServer } from "node:http";
import { config } from "@sched/core/config";
import { pool } from "@sched/core/db/client";
import { runMigrations } from "@sched/core/db/migrate";
import { logger } from "@sched/core/logger";
import { warmPlaceData } from "@sched/core/places/offline-data";
import { closeQueues } from "@sched/core/queues";
import { redis } from "@sched/core/redis";
import { createApp } from "./app";
import { warnWhenCookieIsNotSecure } from "./auth/secure-connection";
import { sessionMiddleware } from "./auth/session";
import { attachGateway } from "./realtime/gateway";

const KEEP_ALIVE_MS = 65_000;

async function main() {
  await runMigrations(config.databaseUrl!);
  const app = createApp();
  const httpServer = createServer(app);
  // Idle keep-alive connections stay open longer than a client or load balancer keeps them
  // (60 s is the common idle timeout): with Node's 5 s, a request sent on a connection the
  // server is just closing fails with a reset (docs/reliability.md).
  httpServer.keepAliveTimeout = KEEP_ALIVE_MS;
  httpServer.headersTimeout = KEEP_ALIVE_MS + 1000;
  const io = attachGateway(httpServer, sessionMiddleware);
  await new Promise<void>((resolve) => httpServer.listen({ port: config.port, host: config.host }, resolve));
  warnWhenCookieIsNotSecure();
  logger.info({ host: config.host, port: config.port, url: config.appUrl }, "web listening");
  // The postal codes and towns a save resolves addresses with, loaded now rather than on the first save (docs/places.md).
  setImmediate(warmPlaceData);

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, "web stopping");
    await new Promise<void>((resolve) => io.close(() => resolve()));
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
