/**
 * Migrating from several processes at once (two web processes started together on an empty
 * database): each waits for the one migrating, then finds nothing left to do: all succeed and
 * the schema is complete. (The embedded default is the same PostgreSQL, core/src/db/embedded.ts.)
 */
import { MIGRATIONS_DIR, runMigrations } from "@sched/core/db/migrate";
import { createThrowawayDatabase } from "@sched/core/db/throwaway";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { describe, expect, it } from "vitest";

const MIGRATION_COUNT = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;
const AT_ONCE = 4;

/** The migrations recorded and a table made by the first and by the last migration. */
async function schemaOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const recorded = await client.query<{ count: string }>(
      "select count(*) from drizzle.__drizzle_migrations",
    );
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public'",
    );
    return { recorded: Number(recorded.rows[0].count), tables: tables.rows.map((row) => row.name) };
  } finally {
    await client.end();
  }
}

async function migrateAtOnce(url: string) {
  const results = await Promise.allSettled(Array.from({ length: AT_ONCE }, () => runMigrations(url)));
  return results.map((result) => (result.status === "fulfilled" ? "ok" : String(result.reason)));
}

describe("migrations started at once on an empty database", () => {
  it("all succeed on PostgreSQL, the schema complete and each migration applied once", async () => {
    const database = await createThrowawayDatabase("sched_migrate");
    try {
      expect(await migrateAtOnce(database.url)).toEqual(Array(AT_ONCE).fill("ok"));
      const schema = await schemaOf(database.url);
      expect(schema.recorded).toBe(MIGRATION_COUNT);
      expect(schema.tables).toEqual(expect.arrayContaining(["companies", "jobs", "users"]));
    } finally {
      await database.drop();
    }
  });
});
