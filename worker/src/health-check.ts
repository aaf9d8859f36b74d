/**
 * The worker container's health check (docker-compose.yml): exits 0 when PostgreSQL answers
 * `select 1` and Redis answers PING, each within 3 seconds, and 1 otherwise. The worker itself
 * waits for both and carries on when they return; this tells the operator when it cannot work.
 */
import { Redis } from "ioredis";
import pg from "pg";

const WITHIN_MS = 3_000;

async function checkPostgres() {
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    connectionTimeoutMillis: WITHIN_MS,
  });
  await client.connect();
  try {
    await client.query("select 1");
  } finally {
    await client.end();
  }
}

async function checkRedis() {
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", {
    connectTimeout: WITHIN_MS,
    commandTimeout: WITHIN_MS,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
  });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

Promise.all([checkPostgres(), checkRedis()]).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`worker health check failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
