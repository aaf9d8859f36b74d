/**
 * The API smoke pass's setup (vitest project "server-embedded"): the embedded PostgreSQL
 * `npm start` runs without DATABASE_URL (core/src/db/embedded.ts), in a temporary folder,
 * migrated, and the environment core/test/env.ts sets, pointed at it. Runs before the test
 * file's imports, so the app's configuration reads this database.
 */
import { randomBytes } from "node:crypto";
import { runMigrations } from "@sched/core/db/migrate";
import { startTemporaryEmbeddedPostgres } from "@sched/core/db/throwaway";
import { afterAll, inject } from "vitest";

declare module "vitest" {
  /** Provided by core/test/global-setup.ts, which this project shares. */
  export interface ProvidedContext {
    redisPrefix: string;
  }
}

const embedded = await startTemporaryEmbeddedPostgres();
await runMigrations(embedded.url);
afterAll(() => embedded.close());

process.env.NODE_ENV = "test";
process.env.DATABASE_URL = embedded.url;
process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// Under the run's prefix, which the run's teardown removes (core/test/global-setup.ts).
process.env.REDIS_PREFIX = `${inject("redisPrefix")}embedded-${randomBytes(4).toString("hex")}:`;
process.env.SESSION_SECRET = "test-session-secret";
process.env.APP_URL = "http://app.test";
process.env.BCRYPT_ROUNDS = "4";
process.env.LOG_LEVEL = "silent";
process.env.TRUST_PROXY = "loopback";
process.env.REGISTRATIONS_PER_IP_PER_HOUR = "100000";
