/** Runs before each test file's imports: point config at this run's database and Redis prefix. */
import { randomBytes } from "node:crypto";
import { inject } from "vitest";

process.env.NODE_ENV = "test";
process.env.DATABASE_URL = inject("databaseUrl");
// Where a test makes a database of its own: the run's server, maybe an embedded one (global-setup.ts).
process.env.TEST_DATABASE_URL = inject("adminDatabaseUrl");
process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// Each test file gets its own keys under the run's prefix (the run's teardown still removes them
// all): another file's gateways never answer this file's Socket.IO requests (presence asks every
// gateway on the same channel and waits for all of them) and its workers never take these jobs.
process.env.REDIS_PREFIX = `${inject("redisPrefix")}${randomBytes(4).toString("hex")}:`;
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
