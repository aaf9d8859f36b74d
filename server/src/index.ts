/** The web process: migrate, listen, attach the realtime gateway, shut down cleanly. */
import { createServer } from "node:http";
import { createApp } from "./app";
import { sessionMiddleware } from "./auth/session";
import { config } from "./config";
import { pool } from "./db/client";
import { runMigrations } from "./db/migrate";
import { logger } from "./logger";
import { closeQueues } from "./queues";
import { attachGateway } from "./realtime/gateway";
import { redis } from "./redis";

async function main() {
  await runMigrations(config.databaseUrl!);
  const app = createApp();
  const httpServer = createServer(app);
  const io = attachGateway(httpServer, sessionMiddleware);
  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
  logger.info({ port: config.port, url: config.appUrl }, "web listening");

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
