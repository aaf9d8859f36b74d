/**
 * The app as Playwright sees it: a throwaway database (core/src/db/throwaway.ts: on
 * TEST_DATABASE_URL or 127.0.0.1:5432, or on an embedded PostgreSQL started for the run when
 * none answers there) and a key prefix of its own in Redis, then `npm start`'s launcher (build, migrate, web,
 * worker). The database is dropped when Playwright stops the server.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createThrowawayDatabase, newRunId, testDatabaseServer } from "@sched/core/db/throwaway";

const port = process.env.E2E_PORT ?? "5100";
const runId = newRunId();
const server = await testDatabaseServer();
const database = await createThrowawayDatabase("sched_e2e", runId, server.adminUrl);
// Specs read mail from this outbox (see fixtures.ts: e2eDataDir).
const dataDir = path.join(os.tmpdir(), `sched-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// What no route may do (end a company's trial now) a spec does in the database (e2e/database.ts).
writeFileSync(path.join(dataDir, "database-url"), database.url);

const appEnv: Record<string, string> = {
  NODE_ENV: "test",
  DATABASE_URL: database.url,
  REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
  REDIS_PREFIX: `sched-e2e:${runId}:`,
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  SEED_DEMO: "0",
  SESSION_SECRET: "e2e-session-secret",
  DATA_DIR: dataDir,
  // Each e2e port gets its own client build, so parallel runs never share a dist folder.
  CLIENT_DIST: process.env.CLIENT_DIST ?? path.join(dataDir, "..", `sched-e2e-dist-${port}`),
  LOG_LEVEL: "warn",
  ADMIN_SETUP_PASSWORD: process.env.ADMIN_SETUP_PASSWORD ?? "e2e-admin-setup",
  // Every spec signs up and in as new people: the lowest bcrypt cost saves ~0.3 s of CPU
  // each time (docs/auth.md; the configured cost is tested in server/test/embedded-database.test.ts).
  BCRYPT_ROUNDS: "4",
  // Every spec registers its own owner, all from this machine's one address.
  REGISTRATIONS_PER_IP_PER_HOUR: "100000",
};
// The card-payment instance (server-card.ts) runs the same app on this database and Redis.
writeFileSync(path.join(dataDir, "app-env.json"), JSON.stringify(appEnv));

const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  stdio: "inherit",
  env: { ...process.env, ...appEnv },
});

let isStopping = false;
async function stop() {
  if (isStopping) return;
  isStopping = true;
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
  await database.drop().catch(() => {});
  await server.close().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
child.on("exit", () => void stop());
