/**
 * The embedded default database: PostgreSQL compiled to WASM (PGlite), persisted
 * under data/, served over the PostgreSQL wire protocol so that the web and worker
 * processes use the same `pg` driver and SQL as they do against a real server.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export type EmbeddedPostgres = { url: string; close: () => Promise<void> };

/** Starts PGlite on 127.0.0.1; `dataDir` undefined keeps it in memory (tests). */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  port?: number;
}): Promise<EmbeddedPostgres> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const pglite = await PGlite.create(options.dataDir);
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
