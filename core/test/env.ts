/** Runs before each test file's imports: point config at this run's database and Redis prefix. */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { beforeAll, inject } from "vitest";

process.env.NODE_ENV = "test";
process.env.DATABASE_URL = inject("databaseUrl");
// Where a test makes a database of its own: the run's server, maybe an embedded one (global-setup.ts).
process.env.TEST_DATABASE_URL = inject("adminDatabaseUrl");
process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// Each test process gets its own keys under the run's prefix (the run's teardown still removes them
// all): another file's gateways never answer this file's Socket.IO requests (presence asks every
// gateway on the same channel and waits for all of them) and its workers never take these jobs.
// Files that share a worker process (vitest.config.ts) share its prefix: the app read it once.
const perProcess = globalThis as { schedTestRedisPrefix?: string };
perProcess.schedTestRedisPrefix ??= `${inject("redisPrefix")}${randomBytes(4).toString("hex")}:`;
process.env.REDIS_PREFIX = perProcess.schedTestRedisPrefix;
process.env.SESSION_SECRET = "test-session-secret";
process.env.APP_URL = "http://app.test";
// The lowest cost bcrypt allows: hashing is slow on purpose, and tests hash a lot. The production
// default (12) is checked once, by server/test/embedded-database.test.ts, on a process started without this.
process.env.BCRYPT_ROUNDS = "4";
process.env.LOG_LEVEL = "silent";
// A test machine running four files at once on two cores can take over the production default's
// 1 s to open a connection; the outage tests, which check that second, set it back to 1000.
process.env.DATABASE_CONNECT_TIMEOUT_MS = "5000";
// Tests tell apart "clients" by X-Forwarded-For, so rate limits of one test do not hit another.
process.env.TRUST_PROXY = "loopback";
// Most tests register from 127.0.0.1; server/test/limits.test.ts checks the limit at its default.
process.env.REGISTRATIONS_PER_IP_PER_HOUR = "100000";

/**
 * Each file starts with no use counted against the abuse limits (core/src/limits.ts), as in a
 * process of its own: most files call the public pages from 127.0.0.1, and files sharing a
 * process and its prefix would otherwise spend one budget together. A connection of its own:
 * importing the app here would read its configuration before a file could set it.
 */
const limitKeys = `${process.env.REDIS_PREFIX}limit:*`;
const sharedRedisUrl = process.env.REDIS_URL;
beforeAll(async () => {
  const redis = new Redis(sharedRedisUrl ?? "", { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const pattern = limitKeys;
    for await (const keys of redis.scanStream({ match: pattern, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
});
