/**
 * `npm run bench -- smoke` (on request only, not a budget): the soak's mix at a small
 * scale (2 companies: 20 dispatchers, 100 technician sockets, 30 chat pollers) against
 * the embedded default started the README's way: scripts/start.ts with no DATABASE_URL
 * and a fresh DATA_DIR, so the embedded PostgreSQL serves the web process and the worker. Five
 * minutes by default (`--duration=N` for N seconds). Prints the requests, the errors (the
 * budget is 0), the worst p95 and any error line the app logged.
 */
import { spawn } from "node:child_process";
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../../scripts/services";
import { Crowd, describeMix, MIX_DESCRIPTION, worstRoute } from "./crowd";
import { type BenchSection, freePort, stopper, verdict, waitForHealth } from "./harness";

const COMPANIES = 2;
const DEFAULT_SECONDS = 300;
/** Building the client, initdb and migrating on a busy machine. */
const START_TIMEOUT_MS = 300_000;

/** Lines of the app's log that say something failed: pino's error and fatal, or a plain "Error". */
function errorLines(logFile: string): string[] {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => {
      if (!line.startsWith("{")) return /\berror\b/i.test(line);
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return false;
      }
    });
}

export const smokeBench: BenchSection = {
  name: "smoke",
  run: async (context) => {
    const seconds = Number(process.env.SOAK_SECONDS ?? DEFAULT_SECONDS);
    const title = `Smoke on the embedded database, ${seconds} s`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sched-smoke-"));
    // Started as root, PostgreSQL runs as the user postgres, who must reach its folder.
    chmodSync(dataDir, 0o755);
    const logFile = path.join(dataDir, "app.log");
    const log = createWriteStream(logFile);
    const [port, databasePort] = [await freePort(), await freePort()];
    const url = `http://127.0.0.1:${port}`;
    const runId = `${context.runId}m`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // What `npm start` runs with: the configuration's defaults, only the places changed.
      NODE_ENV: "development",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(databasePort),
      REDIS_PREFIX: `sched-bench:${runId}:`,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      // Every simulated person signs in from this machine's one address.
      REGISTRATIONS_PER_IP_PER_HOUR: "100000",
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env,
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const stop = stopper(child);
    let crowd: Crowd | undefined;
    try {
      await waitForHealth(url, child, START_TIMEOUT_MS);
      crowd = new Crowd(url, `postgres://postgres@127.0.0.1:${databasePort}/postgres`, runId);
      await crowd.growTo(COMPANIES);
      const result = await crowd.run(seconds);
      const logged = errorLines(logFile);
      const worst = worstRoute(result);
      context.report(title, [
        `  ${result.people} people in ${COMPANIES} companies, ${MIX_DESCRIPTION}`,
        "  scripts/start.ts without DATABASE_URL: the embedded PostgreSQL, the web process and the worker",
        ...describeMix(result),
        `  error lines in the app's log: ${logged.length}${logged.length ? ` (first: ${logged[0].slice(0, 300)})` : ""}`,
      ]);
      context.row({
        row: `${title}: errors`,
        figure: `${result.errors.length} of ${result.requests} requests${result.errors.length ? ` (first: ${result.errors[0]})` : ""}; ${logged.length} error lines logged; worst p95 ${worst?.p95.toFixed(0)} ms (${worst?.route})`,
        budget: "0",
        verdict: verdict(result.errors.length === 0 && logged.length === 0 && result.requests > 0),
      });
    } finally {
      crowd?.close();
      await stop();
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
