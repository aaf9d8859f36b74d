/**
 * Dependencies a test can take away and give back without touching the shared ones: a
 * Redis of its own (a real redis-server on a free port, nothing kept on disk) and a TCP
 * proxy in front of the shared PostgreSQL that can refuse and cut every connection.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createConnection, createServer, type Server, type Socket } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const READY_MS = 15_000;

/** Starts redis-server on `port` and resolves once it accepts connections. */
function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`redis-server not ready: ${output}`)), READY_MS);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });

/**
 * A Redis of this test's own on `port`: `stop()` kills it as a crash would, `start()` brings
 * it back empty; `pause()` freezes it (connections stay open, nothing answers), `resume()`
 * thaws it. Start it in a hook whose afterAll stops it, so it never outlives the test file.
 */
export async function startOwnRedis(port: number) {
  let child: ChildProcess | undefined = await spawnRedis(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (!child) return;
      const running = child;
      child = undefined;
      running.kill("SIGKILL");
      await exited(running);
    },
    async start() {
      if (!child) child = await spawnRedis(port);
    },
    pause() {
      child?.kill("SIGSTOP");
    },
    resume() {
      child?.kill("SIGCONT");
    },
  };
}

/**
 * Listens on a port of its own and forwards every connection to `targetPort`.
 * `cut()` closes every open connection and refuses new ones; `silence()` closes them and
 * accepts new ones that never hear back (a host gone from the network); `restore()`
 * forwards again.
 */
export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1") {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };

  async function restore() {
    if (server) return;
    const listening = createServer((client) => {
      const upstream = createConnection(targetPort, targetHost);
      track(client);
      track(upstream);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
  }

  async function cut() {
    const listening = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  }

  let isSilent = false;
  async function silence() {
    await cut();
    const silent = createServer((client) => track(client));
    server = silent;
    isSilent = true;
    await new Promise<void>((resolve) => silent.listen(port, "127.0.0.1", resolve));
  }

  async function forwardAgain() {
    if (isSilent) await cut();
    isSilent = false;
    await restore();
  }

  await restore();
  return { port, cut, silence, restore: forwardAgain };
}

/** Runs `call` and says how long it took, in milliseconds. */
export async function timed<T>(call: () => PromiseLike<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: Math.round(performance.now() - started) };
}

/** Polls `probe` until it returns true, or throws after `ms` (no fixed sleeps: a deadline). */
export async function waitFor(probe: () => Promise<boolean>, label: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${label} not reached within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
