/**
 * Makes a fresh database for this run on TEST_DATABASE_URL, migrates it, and drops
 * it at the end. Every test file builds its own companies with the factories, so
 * files run in parallel against one database without truncating anything.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../src/db/migrate";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    redisPrefix: string;
  }
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
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
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const name = `sched_test_${runId}`;
  await admin((c) => c.query(`create database ${name}`));
  const redisPrefix = `sched-test:${runId}:`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  project.provide("databaseUrl", url.toString());
  project.provide("redisPrefix", redisPrefix);
  return async () => {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    await dropRedisKeys(redisPrefix);
  };
}
