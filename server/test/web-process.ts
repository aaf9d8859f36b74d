/**
 * The real web process (server/src/index.ts) as a child of the test, on a port of its own.
 * It counts as started when /api/health answers 200 (migrations done, listening, database
 * reachable), however long a busy machine takes; it counts as failed as soon as it exits.
 * No fixed start-up budget: the calling hook's timeout is the only limit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const POLL_MS = 100;
/** Every process started, ready or not, so that a hook that timed out leaves none behind. */
const running = new Set<() => Promise<void>>();

export type WebProcess = { url: string; child: ChildProcess; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const isHealthy = (url: string) =>
  fetch(`${url}/api/health`).then(
    (res) => res.ok,
    () => false,
  );

/** Starts the web process with this test run's environment plus `env` (an undefined value removes a variable). */
export async function startWebProcess(env: Record<string, string | undefined> = {}): Promise<WebProcess> {
  const port = await freePort();
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
  while (!(await isHealthy(url))) {
    if (hasExited) throw new Error(`web process exited before it was ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { url, child, stop };
}

/** Stops every web process this file started; call it in afterAll. */
export async function stopWebProcesses() {
  await Promise.all([...running].map((stop) => stop()));
}
