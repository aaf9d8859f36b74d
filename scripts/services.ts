/**
 * What `npm start`, `npm run db:migrate` and `npm run db:seed` need before the app
 * runs: a database (PostgreSQL at DATABASE_URL, or the embedded PostgreSQL under data/postgres)
 * and Redis (REDIS_URL, or a local redis-server started with its data under data/redis).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Reads .env when present; variables already set win. */
export function loadDotEnv() {
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}

export const dataDir = () => path.resolve(ROOT, process.env.DATA_DIR ?? "data");

/** `dir` relative to the project when inside it, absolute otherwise. */
const shortPath = (dir: string) => (dir.startsWith(ROOT + path.sep) ? path.relative(ROOT, dir) : dir);

export type Service = { description: string; close: () => Promise<void> };

/** Ensures DATABASE_URL points at a database, starting the embedded one when unset. */
export async function ensureDatabase(): Promise<Service> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    return {
      description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: async () => {},
    };
  }
  const { startEmbeddedPostgres } = await import("@sched/core/db/embedded");
  // data/postgres: a folder of its own (an older data/pglite is left alone, README.md).
  const clusterDir = path.join(dataDir(), "postgres");
  // EMBEDDED_POSTGRES_PORT fixes its port (a free one otherwise), for a tool that connects to it too.
  const embedded = await startEmbeddedPostgres({
    dataDir: clusterDir,
    port: Number(process.env.EMBEDDED_POSTGRES_PORT ?? 0),
  });
  process.env.DATABASE_URL = embedded.url;
  return {
    description: `embedded PostgreSQL (data in ${shortPath(clusterDir)}) at ${embedded.url}; set DATABASE_URL to use your own`,
    close: embedded.close,
  };
}

function ping(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => {
      socket.write("PING\r\n");
      socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
    });
  });
}

const hasRedisServer = () => spawnSync("sh", ["-c", "command -v redis-server"]).status === 0;

/** Ensures REDIS_URL answers: the default local Redis, or one started here under data/redis. */
export async function ensureRedis(): Promise<Service> {
  if (process.env.REDIS_URL)
    return { description: `Redis at ${process.env.REDIS_URL}`, close: async () => {} };
  const host = "127.0.0.1";
  const port = 6379;
  process.env.REDIS_URL = `redis://${host}:${port}`;
  if (await ping(host, port))
    return { description: `Redis at ${process.env.REDIS_URL}`, close: async () => {} };
  if (!hasRedisServer()) {
    throw new Error(
      "Redis is needed and none answers at redis://127.0.0.1:6379.\n" +
        "Install it (Debian/Ubuntu: `sudo apt-get install redis-server`, macOS: `brew install redis`),\n" +
        "run `docker compose up -d redis`, or set REDIS_URL to a Redis you have.",
    );
  }
  const dir = path.join(dataDir(), "redis");
  mkdirSync(dir, { recursive: true });
  const child: ChildProcess = spawn(
    "redis-server",
    ["--bind", host, "--port", String(port), "--dir", dir, "--save", "60 1", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 50 && !(await ping(host, port)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await ping(host, port))) throw new Error("redis-server did not start");
  return {
    description: `Redis started here (data in ${shortPath(dir)}) at ${process.env.REDIS_URL}`,
    close: async () => {
      child.kill("SIGTERM");
    },
  };
}
