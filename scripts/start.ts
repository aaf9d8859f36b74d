/**
 * `npm start`: builds the client when needed, makes sure a database and Redis are
 * there, migrates, seeds the demo company into an empty database, then runs the web
 * and worker processes and stops all of it together.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ensureDatabase, ensureRedis, loadDotEnv, ROOT, type Service } from "./services";

loadDotEnv();
const isDev = process.argv.includes("--dev");
const services: Service[] = [];
const children: ChildProcess[] = [];

/** The newest change under `dir` (or of the file `dir`). */
function newestMtime(dir: string): number {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the client unless dist/ is newer than every source file. */
function buildClientIfStale() {
  const outDir = path.resolve(ROOT, process.env.CLIENT_DIST ?? "client/dist");
  const built = path.join(outDir, "index.html");
  // The build's own configuration and page count too: they decide what the build makes.
  const sources = [
    path.join(ROOT, "client", "src"),
    path.join(ROOT, "client", "index.html"),
    path.join(ROOT, "client", "customer.html"),
    path.join(ROOT, "client", "vite.config.ts"),
    path.join(ROOT, "client", "build"),
    path.join(ROOT, "shared-types", "src"),
  ];
  const isFresh = existsSync(built) && statSync(built).mtimeMs > Math.max(...sources.map(newestMtime));
  if (isFresh) return;
  console.log("Building the client...");
  const result = spawnSync(
    "npm",
    ["run", "build", "-w", "client", "--", "--outDir", outDir, "--emptyOutDir"],
    // A production bundle even when the app itself runs with NODE_ENV=test (e2e).
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) throw new Error("The client build failed");
}

function run(name: string, entry: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: ROOT,
    stdio: "inherit",
    env: process.env,
  });
  child.on("exit", (code, signal) => {
    if (!isStopping) {
      console.error(`${name} exited (${signal ?? code}); stopping.`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

let isStopping = false;
async function stop(code = 0) {
  if (isStopping) return;
  isStopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  for (const service of services.reverse()) await service.close();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

try {
  if (!isDev) buildClientIfStale();
  services.push(await ensureDatabase());
  services.push(await ensureRedis());
  console.log(`Database: ${services[0].description}`);
  console.log(`Redis:    ${services[1].description}`);

  const { runMigrations } = await import("@sched/core/db/migrate");
  await runMigrations(process.env.DATABASE_URL!);
  const { config } = await import("@sched/core/config");
  if (config.seedDemo) {
    const { seedDemoCompany } = await import("@sched/core/commands/seed-demo");
    const { isDatabaseEmpty } = await import("@sched/core/queries/database-state");
    if (await isDatabaseEmpty()) {
      await seedDemoCompany();
      console.log("Seeded the demo company Acme Plumbing.");
    }
  }
  const { pool } = await import("@sched/core/db/client");
  await pool.end();

  run("web", "server/src/index.ts");
  run("worker", "worker/src/index.ts");
  const { DEMO_LOGINS } = await import("@sched/core/commands/seed-demo");
  console.log(`\n  Scheduler is running at ${config.appUrl}`);
  if (isDev) console.log("  Client dev server: npm run dev -w client (http://localhost:5173)");
  if (config.seedDemo) console.log(`  Demo sign-in: ${DEMO_LOGINS[0].email} / ${DEMO_LOGINS[0].password}`);
  console.log("");
} catch (error) {
  console.error((error as Error).message);
  await stop(1);
}
