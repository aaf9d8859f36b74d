/**
 * The app as a newcomer runs it, for the "embedded" Playwright project: `npm start`'s
 * launcher (scripts/start.ts) with no DATABASE_URL, so it starts the embedded PostgreSQL
 * (initdb the first time) under a fresh DATA_DIR, then the web process and the worker together. Everything the
 * launcher and both processes print also goes to server.log in that folder, which the
 * walk spec reads for error lines.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { newRunId } from "@sched/core/db/throwaway";
import { embeddedDataDir, embeddedLogFile } from "./embedded";

const port = process.env.E2E_EMBEDDED_PORT ?? "5101";
const dataDir = embeddedDataDir(port);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const log = createWriteStream(embeddedLogFile(port));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  // What `npm start` runs with (config's default); "test" would also silence the log.
  NODE_ENV: "development",
  REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
  REDIS_PREFIX: `sched-e2e-embedded:${newRunId()}:`,
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  SEED_DEMO: "0",
  SESSION_SECRET: "e2e-session-secret",
  DATA_DIR: dataDir,
  CLIENT_DIST: process.env.CLIENT_DIST ?? path.join(dataDir, "..", `sched-e2e-dist-${port}`),
  // Warnings and errors only: the log the spec reads is then what went wrong, if anything.
  LOG_LEVEL: "warn",
  BCRYPT_ROUNDS: "4",
  REGISTRATIONS_PER_IP_PER_HOUR: "100000",
};
// The newcomer's start: the launcher chooses the embedded database itself.
delete env.DATABASE_URL;

const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  stdio: ["ignore", "pipe", "pipe"],
  env,
});
for (const stream of [child.stdout, child.stderr]) {
  stream.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    log.write(chunk);
  });
}

let isStopping = false;
function stop() {
  if (isStopping) return;
  isStopping = true;
  child.kill("SIGTERM");
  const done = () => {
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  if (child.exitCode === null) child.once("exit", done);
  else done();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", stop);
