/**
 * What every benchmark section shares: a database made for the run, the real web
 * process on a local port, a bare node:http server to compare with, and a bounded
 * load loop (autocannon-like, written with node:http so nothing new is installed).
 * Every request goes to 127.0.0.1 only, and every loop stops by itself.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createThrowawayDatabase } from "@sched/core/db/throwaway";
import { Redis } from "ioredis";
import { ROOT } from "../services";

export type Database = { url: string; drop: () => Promise<void> };

/** BENCH_DATABASE_URL when set (kept afterwards), else a throwaway database dropped at the end. */
export async function createDatabase(runId: string): Promise<Database> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  return createThrowawayDatabase("sched_bench", runId);
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000) {
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

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
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
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl(),
    REDIS_PREFIX: `${redisPrefix(runId)}:`,
    SESSION_SECRET: "bench-session-secret",
    LOG_LEVEL: "warn",
    BCRYPT_ROUNDS: "4",
    // Every simulated person registers from this machine's one address.
    REGISTRATIONS_PER_IP_PER_HOUR: "100000",
  };
}

/**
 * The real web process (server/src/index.ts: migrations, Express app, gateway) on a free
 * port; `env` adds to the run's environment (e.g. CLIENT_DIST for a built client).
 */
export async function startApp(
  databaseUrl: string,
  runId: string,
  env: Record<string, string> = {},
): Promise<AppProcess> {
  const port = await freePort();
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

export type BareResponse = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * The ceiling: a bare node:http server in a process of its own that answers every
 * request with exactly `response` (status, headers, body bytes), nothing else.
 */
export async function startBareServer(response: BareResponse): Promise<RunningProcess> {
  const file = path.join(os.tmpdir(), `sched-bench-${randomBytes(4).toString("hex")}.json`);
  writeFileSync(file, JSON.stringify({ ...response, body: response.body.toString("base64") }));
  const program = `
    const http = require("node:http");
    const spec = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(file)}, "utf8"));
    const body = Buffer.from(spec.body, "base64");
    const headers = { ...spec.headers, "content-length": String(body.length) };
    const server = http.createServer((req, res) => { res.writeHead(spec.status, headers); res.end(spec.status === 304 ? undefined : body); });
    server.keepAliveTimeout = 60000;
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));
    process.on("SIGTERM", () => server.close(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ["-e", program], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (data: Buffer) => resolve(Number(data.toString().trim())));
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: stopper(child) };
}

/** One request, the whole answer read. */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; agent?: http.Agent } = {},
): Promise<BareResponse> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        agent: options.agent,
        headers: {
          ...(payload
            ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }
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
  p99: number;
  bytes: number;
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

const percentile = (sorted: number[], p: number) =>
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
    p99: percentile(latencies, 99),
    bytes,
  };
}

/** Measures `rounds` times, alternating the targets, and keeps each target's best round (least disturbed). */
export async function compare(
  targets: { name: string; url: string; options: LoadOptions }[],
  rounds = 2,
): Promise<Map<string, LoadResult>> {
  const best = new Map<string, LoadResult>();
  for (const target of targets) await load(target.url, { ...target.options, durationMs: 1000 });
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const result = await load(target.url, target.options);
      const previous = best.get(target.name);
      if (!previous || result.rps > previous.rps) best.set(target.name, result);
    }
  }
  return best;
}

export type BenchContext = {
  runId: string;
  databaseUrl: string;
  /** The real web process. */
  appUrl: string;
  /** Prints one section's table. */
  report: (title: string, lines: string[]) => void;
};

export type BenchSection = { name: string; run: (context: BenchContext) => Promise<void> };

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Rows of "name  req/s  p50  p99" plus the ratio of the first target to the second. */
export function formatComparison(results: Map<string, LoadResult>, ours: string, ceiling: string): string[] {
  const rows = [...results].map(
    ([name, r]) =>
      `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${ms(r.p50).padStart(10)}   p99 ${ms(r.p99).padStart(10)}   (${r.requests} requests)`,
  );
  const ratio = (results.get(ours)?.rps ?? 0) / (results.get(ceiling)?.rps ?? 1);
  return [...rows, `  ratio ${ours} / ${ceiling}: ${ratio.toFixed(2)}`];
}
