/**
 * The real web process (server/src/index.ts) as a child of the test, on a port of its own.
 * It counts as started when /api/health answers 200 (migrations done, listening, database
 * reachable), however long a busy machine takes; it counts as failed as soon as it exits.
 * No fixed start-up budget: the calling hook's timeout is the only limit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const POLL_MS = 100;
/** Every process started, ready or not, so that a hook that timed out leaves none behind. */
const running = new Set<() => Promise<void>>();

export type WebProcess = { url: string; child: ChildProcess; stop: () => Promise<void> };

/**
 * Ports for this vitest worker's web processes: a block per worker (VITEST_POOL_ID), below the
 * ephemeral range (32768 and up) where `listen(0)` probes and outgoing connections take theirs.
 * A probed free port could be taken again before the child listened on it (CI saw a child fail
 * with EADDRINUSE, and another test's health check answered by a process that was not its own).
 */
const PORT_BLOCK = 100;
const FIRST_PORT = 21_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 100) * PORT_BLOCK;
let nextOffset = 0;
const nextPort = () => FIRST_PORT + (nextOffset++ % PORT_BLOCK);
/** A port still held (a process of an earlier file not yet gone): the next one is tried. */
const ATTEMPTS = 5;

const isHealthy = (url: string) =>
  fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
    (res) => res.ok,
    () => false,
  );

/** Starts the web process with this test run's environment plus `env` (an undefined value removes a variable). */
export async function startWebProcess(env: Record<string, string | undefined> = {}): Promise<WebProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await spawnWebProcess(nextPort(), env);
    if ("url" in started) return started;
    if (!started.portInUse || attempt === ATTEMPTS) {
      throw new Error(`web process exited before it was ready: ${started.stderr}`);
    }
  }
}

async function spawnWebProcess(
  port: number,
  env: Record<string, string | undefined>,
): Promise<WebProcess | { stderr: string; portInUse: boolean }> {
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), APP_URL: url, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/index.ts"], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    running.delete(stop);
  };
  running.add(stop);

  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  // Healthy only while the child lives: an answer on a port it failed to take is not its own.
  while (!(await isHealthy(url)) || hasExited) {
    if (hasExited) {
      running.delete(stop);
      return { stderr, portInUse: stderr.includes("EADDRINUSE") };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { url, child, stop };
}

/** Stops every web process this file started; call it in afterAll. */
export async function stopWebProcesses() {
  await Promise.all([...running].map((stop) => stop()));
}
