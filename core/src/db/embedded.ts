/**
 * The embedded default database: PostgreSQL compiled to WASM (PGlite), persisted
 * under data/, served over the PostgreSQL wire protocol so that the web and worker
 * processes use the same `pg` driver and SQL as they do against a real server.
 *
 * PGlite has one session, which pglite-socket shares between every connection: it takes
 * one connection's messages at a time while a transaction is open, but outside one it
 * mixes messages of different connections. A parameterised query is several messages
 * (Parse, Bind, Describe, Execute, Sync) around one unnamed statement, so two connections'
 * queries at once would run one's Bind against the other's Parse (electric-sql/pglite#1046).
 * The server is therefore given a PGlite that also reports a transaction while a
 * connection's batch is between its first message and its Sync (holdingBatches).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export type EmbeddedPostgres = { url: string; close: () => Promise<void> };

/**
 * What the app asks of PostgreSQL beyond plain SQL, each with the query that proves PGlite
 * does it. One session serves every connection here, so the app holds no session state
 * (no named prepared statements, SET, temporary tables or session advisory locks) and
 * needs none of it checked.
 */
const NEEDS: { what: string; usedBy: string; probe: string }[] = [
  {
    what: "the pg_trgm extension",
    usedBy: "the customer search's index (docs/customers.md)",
    probe: "create extension if not exists pg_trgm; select similarity('plumber', 'plumbing')",
  },
  {
    what: "transaction-scoped advisory locks (pg_advisory_xact_lock)",
    usedBy: "invitations, one per company and address (core/src/commands/invite-member.ts)",
    probe: "begin; select pg_advisory_xact_lock(hashtext('embedded-check')); commit",
  },
];

/** Fails at start, with what is missing and the way out, rather than with a 500 later. */
export async function checkEmbeddedNeeds(pglite: PGlite) {
  for (const need of NEEDS) {
    try {
      await pglite.exec(need.probe);
    } catch (error) {
      await pglite.exec("rollback").catch(() => {});
      throw new Error(
        `The embedded database (PGlite) cannot do ${need.what}, which ${need.usedBy} needs: ` +
          `${(error as Error).message}.\nSet DATABASE_URL to a PostgreSQL server to run the app.`,
      );
    }
  }
}

/** Messages of the extended protocol before its Sync: the batch is under way. */
const BATCH_MESSAGES = new Set(["P", "B", "D", "E", "C", "H"].map((type) => type.charCodeAt(0)));

/**
 * `pglite` as pglite-socket sees it: in a transaction also from a batch's first message
 * until its Sync, so the server keeps to that connection until then. Everything else is
 * PGlite's own.
 */
function holdingBatches(pglite: PGlite): PGlite {
  let isMidBatch = false;
  const execProtocolRawStream: PGlite["execProtocolRawStream"] = (message, options) => {
    isMidBatch = BATCH_MESSAGES.has(message[0]);
    return pglite.execProtocolRawStream(message, options);
  };
  const isInTransaction = () => isMidBatch || pglite.isInTransaction();
  // The server's ROLLBACK for a connection that went away ends its batch too.
  const exec: PGlite["exec"] = (query, options) => {
    isMidBatch = false;
    return pglite.exec(query, options);
  };
  const own: Record<PropertyKey, unknown> = { execProtocolRawStream, isInTransaction, exec };
  return new Proxy(pglite, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return own[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Starts PGlite on 127.0.0.1; `dataDir` undefined keeps it in memory (tests). */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  port?: number;
}): Promise<EmbeddedPostgres> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // pg_trgm: the customer search's index (docs/customers.md).
  const pglite = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  try {
    await checkEmbeddedNeeds(pglite);
  } catch (error) {
    await pglite.close();
    throw error;
  }
  const server = new PGLiteSocketServer({
    db: holdingBatches(pglite),
    host: "127.0.0.1",
    port: options.port ?? 0,
    // Web, worker and the pool in each keep several connections open at once.
    maxConnections: 32,
  });
  await server.start();
  const address = server.getServerConn();
  const port = Number(address.split(":").pop());
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    close: async () => {
      await server.stop();
      await pglite.close();
    },
  };
}
