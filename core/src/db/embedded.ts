/**
 * The embedded default database: PostgreSQL compiled to WASM (PGlite), persisted
 * under data/, served over the PostgreSQL wire protocol so that the web and worker
 * processes use the same `pg` driver and SQL as they do against a real server.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export type EmbeddedPostgres = { url: string; close: () => Promise<void> };

/** Starts PGlite on 127.0.0.1; `dataDir` undefined keeps it in memory (tests). */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  port?: number;
}): Promise<EmbeddedPostgres> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // pg_trgm: the customer search's index (docs/customers.md).
  const pglite = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db: pglite,
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
