/**
 * Throwaway databases: one made for a test run, an end-to-end run or a benchmark, on the
 * PostgreSQL server that TEST_DATABASE_URL names, and dropped when that run ends. Every
 * run gets its own name, so runs side by side never see each other's rows.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** A database on the server where `create database` may run (the default local superuser). */
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

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
