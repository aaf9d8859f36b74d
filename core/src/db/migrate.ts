/**
 * Applies the committed drizzle-kit migrations, from any number of processes at once: two web
 * processes started together on an empty database take turns instead of both creating the
 * same tables. drizzle's own migrator reads what has run outside its transaction, so this
 * runs the same files and records them in drizzle's table (drizzle.__drizzle_migrations)
 * inside one transaction that first takes a transaction-scoped advisory lock.
 *
 * The lock is transaction-scoped (not a session one): a connection that dies mid-way is rolled
 * back, so no lock outlives it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * The advisory lock key every migrating process waits for (any constant shared by all of
 * them); seeding the demo company takes it too (commands/seed-demo.ts).
 */
export const MIGRATION_LOCK_KEY = 5_108_927_341;

/** Applies the committed drizzle-kit migrations that have not run yet, one process at a time. */
export async function runMigrations(databaseUrl: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query("create schema if not exists drizzle");
    await client.query(
      "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
    );
    const { rows } = await client.query<{ created_at: string }>(
      "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    const lastApplied = rows.length > 0 ? Number(rows[0].created_at) : Number.NEGATIVE_INFINITY;
    for (const migration of migrations) {
      if (migration.folderMillis <= lastApplied) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
