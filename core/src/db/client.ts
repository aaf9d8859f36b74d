import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { config } from "../config";
import { logger } from "../logger";
import { isWriteStatement, noteCommit } from "./commit-watch";
import * as schema from "./schema";

// DATE columns are calendar dates: keep them as the 'yyyy-MM-dd' text PostgreSQL sends.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

if (!config.databaseUrl) {
  console.error(
    "DATABASE_URL is not set. Run `npm start` (it starts the embedded database for you) or set DATABASE_URL to a PostgreSQL URL.",
  );
  process.exit(1);
}

export const pool = new pg.Pool({
  connectionString: config.databaseUrl,
  max: config.isTest ? 5 : 10,
  // A database that does not answer fails the request fast (503) instead of holding it: a
  // second by default, so that a request answers within docs/reliability.md's 2 s with time to spare.
  connectionTimeoutMillis: config.databaseConnectTimeoutMs,
});
// An idle connection PostgreSQL closes (a restart, a failover) leaves the pool and is replaced on
// next use; without a listener its error would stop the process (docs/reliability.md).
pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
// A connection lost while checked out (mid-transaction, between its statements) reports it on the
// client too, where pg-pool listens only while idle: the statement that runs next fails instead.
pool.on("connect", (client) => {
  client.on("error", (error) => logger.warn({ err: error }, "database connection lost while in use"));
});

// Commits are reported to ./commit-watch.ts: a write sent straight to the pool commits on its
// own, and a transaction has committed once db.transaction returns.
const queryPool = pool.query.bind(pool) as (...args: unknown[]) => unknown;
pool.query = ((...args: unknown[]) => {
  const result = queryPool(...args);
  const statement = args[0] as string | { text?: string };
  const text = typeof statement === "string" ? statement : (statement?.text ?? "");
  if (result instanceof Promise && isWriteStatement(text)) result.then(noteCommit, () => {});
  return result;
}) as typeof pool.query;

export const db = drizzle(pool, { schema });
const runTransaction = db.transaction.bind(db);
db.transaction = (async (...args: Parameters<typeof runTransaction>) => {
  const result = await runTransaction(...args);
  noteCommit();
  return result;
}) as typeof db.transaction;
export type Db = typeof db;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the pool or an open transaction: commands accept both. */
export type Executor = Db | Tx;
