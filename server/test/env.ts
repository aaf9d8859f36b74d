/** Runs before each test file's imports: point config at this run's database and Redis prefix. */
import { inject } from "vitest";

process.env.NODE_ENV = "test";
process.env.DATABASE_URL = inject("databaseUrl");
process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
process.env.REDIS_PREFIX = inject("redisPrefix");
process.env.SESSION_SECRET = "test-session-secret";
process.env.APP_URL = "http://app.test";
process.env.BCRYPT_ROUNDS ??= "12";
process.env.LOG_LEVEL = "silent";
// Tests tell apart "clients" by X-Forwarded-For, so rate limits of one test do not hit another.
process.env.TRUST_PROXY = "loopback";
