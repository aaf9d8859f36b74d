/**
 * What every benchmark section shares: a database made for the run, the real web and
 * worker processes on local ports, a bounded load loop (autocannon-like, written with
 * node:http so nothing new is installed), and the budget rows each section reports.
 * Every request goes to 127.0.0.1 only, and every loop stops by itself.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createThrowawayDatabase } from "@sched/core/db/throwaway";
import { Redis } from "ioredis";
import { ROOT } from "../../scripts/services";

export type Database = { url: string; drop: () => Promise<void> };

/** BENCH_DATABASE_URL when set (kept afterwards), else a throwaway database dropped at the end. */
export async function createDatabase(runId: string): Promise<Database> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  return createThrowawayDatabase("sched_bench", runId);
}

/** Ports already handed out in this run (a port handed out may not be listening yet). */
const handedOut = new Set<number>();

/** A port nobody listens on; within BENCH_PORTS ("5700-5799") when set, for a machine shared with others. */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? "");
  const candidates = range ? Array.from({ length: +range[2] - +range[1] + 1 }, (_, i) => +range[1] + i) : [0];
  for (const candidate of candidates) {
    if (handedOut.has(candidate)) continue;
    const port = await listenOnce(candidate);
    if (port === undefined) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

/** Listens on `port` (0: any) and closes again: the port it got, or undefined if it was taken. */
async function listenOnce(port: number): Promise<number | undefined> {
  const server = http.createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (!listening) return undefined;
  const got = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return got;
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get(`${url}/api/health`, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy`);
}

export type RunningProcess = { url: string; stop: () => Promise<void> };
/** A process of the app (web or worker), with its pid for memory readings. */
export type AppProcess = RunningProcess & { pid: number };

export function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      // Already gone, by itself or killed by a signal (the failover section's SIGKILL).
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

const redisUrl = () => process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisPrefix = (runId: string) => `sched-bench:${runId}`;

/** Deletes every Redis key of the run (each section's processes use the run's prefix plus a letter). */
export async function dropRedisKeys(runId: string): Promise<void> {
  const redis = new Redis(redisUrl());
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix(runId)}*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** The environment every process of one bench run shares: its database, its Redis prefix. */
function appEnv(databaseUrl: string, runId: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // As deployed: the bench measures what production runs.
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl(),
    REDIS_PREFIX: `${redisPrefix(runId)}:`,
    SESSION_SECRET: "bench-session-secret",
    LOG_LEVEL: "warn",
    BCRYPT_ROUNDS: "4",
    // Every simulated person registers from this machine's one address.
    REGISTRATIONS_PER_IP_PER_HOUR: "100000",
    // ...and books every online booking from it.
    BOOKINGS_PER_NETWORK_PER_HOUR: "100000",
  };
}

/**
 * The real web process (server/src/index.ts: migrations, Express app, gateway) on `port`
 * (a free one by default); `env` adds to the run's environment (e.g. CLIENT_DIST for a
 * built client, APP_URL behind a load balancer).
 */
export async function startApp(
  databaseUrl: string,
  runId: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<AppProcess> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS adds node flags to the web process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/src/index.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...appEnv(databaseUrl, runId), PORT: String(port), APP_URL: url, ...env },
  });
  await waitForHealth(url, child);
  return { url, pid: child.pid ?? 0, stop: stopper(child) };
}

/** The worker process (worker/src/index.ts) on the run's database and Redis prefix. */
export function startWorker(databaseUrl: string, runId: string): AppProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "worker/src/index.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: appEnv(databaseUrl, runId),
  });
  return { url: "", pid: child.pid ?? 0, stop: stopper(child) };
}

export type Answer = { status: number; headers: Record<string, string>; body: Buffer };

/** One request, the whole answer read. */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    /** Sent as JSON. */
    body?: unknown;
    /** Sent as it is (its content-type in `headers`). */
    rawBody?: string;
    agent?: http.Agent;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        agent: options.agent,
        headers: {
          ...(payload
            ? {
                "content-type": options.rawBody === undefined ? "application/json" : "text/plain",
                "content-length": String(Buffer.byteLength(payload)),
              }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export type LoadResult = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  bytes: number;
  /** Every request's time, ascending. */
  latencies: number[];
};

export type LoadOptions = {
  headers?: Record<string, string>;
  /** Concurrent keep-alive connections, each sending its next request when the last is answered. */
  connections?: number;
  durationMs?: number;
  /** A hard bound on requests, whatever the duration. */
  maxRequests?: number;
  expectStatus: number;
};

/** The p-th percentile of values sorted in ascending order (0 when there are none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** Closed-loop load: `connections` clients in parallel for `durationMs`, latency per request. */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 10;
  const durationMs = options.durationMs ?? 5000;
  const maxRequests = options.maxRequests ?? 200_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let bytes = 0;
  let sent = 0;
  const started = process.hrtime.bigint();
  const deadline = Date.now() + durationMs;
  const client = async () => {
    while (Date.now() < deadline && sent < maxRequests) {
      sent++;
      const t0 = process.hrtime.bigint();
      const res = await request(url, { headers: options.headers, agent });
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.status !== options.expectStatus) {
        throw new Error(
          `${url} answered ${res.status}, expected ${options.expectStatus}: ${res.body.toString().slice(0, 200)}`,
        );
      }
      bytes += res.body.length;
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    bytes,
    latencies,
  };
}

/** One row of the budget table `npm run bench` prints at the end. */
export type BudgetRow = {
  row: string;
  /** What was measured, in words and numbers. */
  figure: string;
  budget: string;
  /** Whether the figure is within the budget; "skipped" when it could not be measured here. */
  verdict: "met" | "missed" | "skipped";
};

export type BenchContext = {
  runId: string;
  databaseUrl: string;
  /** The real web process. */
  appUrl: string;
  /** Prints one section's details. */
  report: (title: string, lines: string[]) => void;
  /** Adds a row to the budget table. */
  row: (row: BudgetRow) => void;
};

export type BenchSection = { name: string; run: (context: BenchContext) => Promise<void> };

/** "met" when `isMet`, else "missed". */
export const verdict = (isMet: boolean): BudgetRow["verdict"] => (isMet ? "met" : "missed");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
