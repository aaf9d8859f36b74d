/**
 * Throwaway databases: one made for a test run, an end-to-end run or a benchmark, on the
 * PostgreSQL server that TEST_DATABASE_URL names, and dropped when that run ends. Every
 * run gets its own name, so runs side by side never see each other's rows.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const LOCAL_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** A database on the server where `create database` may run (the default local superuser). */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? LOCAL_DATABASE_URL;

export type TestDatabaseServer = { adminUrl: string; close: () => Promise<void> };

/** Whether a PostgreSQL server accepts a connection at `url` now. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The server for a run's throwaway databases: TEST_DATABASE_URL, or PostgreSQL on
 * 127.0.0.1:5432, or, when none answers there, an embedded one (core/src/db/embedded.ts)
 * started in a temporary folder for this run and removed by `close`. A machine needs no
 * PostgreSQL of its own to run the tests.
 */
export async function testDatabaseServer(): Promise<TestDatabaseServer> {
  if (process.env.TEST_DATABASE_URL || (await answers(LOCAL_DATABASE_URL)))
    return { adminUrl: ADMIN_DATABASE_URL, close: async () => {} };
  const embedded = await startTemporaryEmbeddedPostgres();
  return { adminUrl: embedded.url, close: embedded.close };
}

/** An embedded PostgreSQL in a new temporary folder, which `close` stops and removes. */
export async function startTemporaryEmbeddedPostgres(): Promise<{ url: string; close: () => Promise<void> }> {
  const { startEmbeddedPostgres } = await import("./embedded");
  const dir = mkdtempSync(path.join(os.tmpdir(), "sched-postgres-"));
  // Started as root, PostgreSQL runs as the user postgres, who must reach its folder.
  chmodSync(dir, 0o755);
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, "postgres") });
    return {
      url: embedded.url,
      close: async () => {
        await embedded.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export type ThrowawayDatabase = { name: string; url: string; drop: () => Promise<void> };

/** A short id that sorts by time: it names the database and, by the caller's choice, other run state. */
export const newRunId = () => `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

// Identifiers cannot be bound as query parameters: only plain lower-case names are accepted.
const SAFE_NAME = /^[a-z][a-z0-9_]*$/;

async function onAdminDatabase(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<runId>` (empty, not migrated); `drop` removes it even with connections open. */
export async function createThrowawayDatabase(
  prefix: string,
  runId = newRunId(),
  adminUrl = ADMIN_DATABASE_URL,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${runId}`;
  if (!SAFE_NAME.test(name)) throw new Error(`Not a plain database name: ${name}`);
  await onAdminDatabase(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onAdminDatabase(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
