/**
 * Makes a fresh database for this run (core/src/db/throwaway.ts), migrates it, and drops
 * it at the end; on an embedded PostgreSQL started for the run when none answers on
 * 127.0.0.1:5432 and TEST_DATABASE_URL is unset. Every test file builds its own companies
 * with the factories, so files run in parallel against one database without truncating
 * anything.
 */
import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../src/db/migrate";
import { createThrowawayDatabase, newRunId, testDatabaseServer } from "../src/db/throwaway";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The server where tests may make databases of their own (core/test/env.ts). */
    adminDatabaseUrl: string;
    redisPrefix: string;
  }
}

/** Removes this run's keys (queues, adapter, counters) from the shared Redis. */
async function dropRedisKeys(prefix: string) {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

export default async function setup(project: TestProject) {
  const runId = newRunId();
  const server = await testDatabaseServer();
  const database = await createThrowawayDatabase("sched_test", runId, server.adminUrl);
  const redisPrefix = `sched-test:${runId}:`;
  await runMigrations(database.url);
  project.provide("databaseUrl", database.url);
  project.provide("adminDatabaseUrl", server.adminUrl);
  project.provide("redisPrefix", redisPrefix);
  return async () => {
    await database.drop();
    await server.close();
    await dropRedisKeys(redisPrefix);
  };
}
