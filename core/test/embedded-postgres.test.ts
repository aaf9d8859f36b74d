/**
 * The embedded default database (core/src/db/embedded.ts), as `npm start` runs it: a real
 * PostgreSQL per connection, so one connection's open transaction or failed statement never
 * holds up another (what wedged the PGlite it replaced: electric-sql/pglite#985, #1046), and
 * a cluster that survives restarts and crashes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@sched/core/db/embedded";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let folder: string;
let dataDir: string;
let embedded: EmbeddedPostgres;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), "sched-embedded-test-"));
  // Started as root, PostgreSQL runs as the user postgres, who must reach the folder.
  chmodSync(folder, 0o755);
  dataDir = path.join(folder, "postgres");
  embedded = await startEmbeddedPostgres({ dataDir });
}, 120_000);

afterAll(async () => {
  await embedded?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function connect(url = embedded.url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

describe("the embedded PostgreSQL shared by the web process and the worker", () => {
  it("serves other connections while one sits idle in a transaction", async () => {
    const [idle, other] = [await connect(), await connect()];
    try {
      await idle.query("create table if not exists waits (n int)");
      await idle.query("begin");
      await idle.query("insert into waits values (1)");
      // The idle transaction stays open: the other connection writes and reads meanwhile.
      await other.query("insert into waits values (2)");
      const seen = await other.query<{ n: number }>("select n from waits order by n");
      expect(seen.rows).toEqual([{ n: 2 }]);
      await idle.query("commit");
    } finally {
      await idle.end();
      await other.end();
    }
  });

  it("keeps serving every connection after an error in one", async () => {
    const [failing, other] = [await connect(), await connect()];
    try {
      await expect(failing.query("select 1 / 0")).rejects.toThrow(/division by zero/);
      await failing.query("begin");
      await expect(failing.query("select * from no_such_table")).rejects.toThrow(/does not exist/);
      // The failed transaction is that connection's alone.
      expect((await other.query<{ n: number }>("select $1::int as n", [7])).rows).toEqual([{ n: 7 }]);
      await failing.query("rollback");
      expect((await failing.query<{ n: number }>("select $1::int as n", [8])).rows).toEqual([{ n: 8 }]);
    } finally {
      await failing.end();
      await other.end();
    }
  });

  it("has what the app needs: pg_trgm and named prepared statements per connection", async () => {
    const [a, b] = [await connect(), await connect()];
    try {
      await a.query("create extension if not exists pg_trgm");
      expect((await a.query("select similarity('plumber', 'plumbing') > 0 as ok")).rows).toEqual([
        { ok: true },
      ]);
      await a.query({ name: "probe", text: "select 1 as n" });
      expect((await b.query({ name: "probe", text: "select 2 as n" })).rows).toEqual([{ n: 2 }]);
    } finally {
      await a.end();
      await b.end();
    }
  });
});

describe("the embedded PostgreSQL's folder", () => {
  it("keeps its data across a restart, without a new initdb", async () => {
    const client = await connect();
    await client.query("create table kept (note text)");
    await client.query("insert into kept values ('before the restart')");
    await client.end();
    const createdAt = readFileSync(path.join(dataDir, "PG_VERSION"), "utf8");
    await embedded.close();
    embedded = await startEmbeddedPostgres({ dataDir });
    const again = await connect();
    try {
      expect((await again.query("select note from kept")).rows).toEqual([{ note: "before the restart" }]);
      expect(readFileSync(path.join(dataDir, "PG_VERSION"), "utf8")).toBe(createdAt);
    } finally {
      await again.end();
    }
  }, 60_000);

  it("starts over a postmaster.pid whose number another process now has", async () => {
    await embedded.close();
    // Of the user the server runs as (PostgreSQL ignores a process it may not signal).
    const owner = statSync(dataDir);
    const stranger = spawn(
      "sleep",
      ["600"],
      process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {},
    );
    try {
      // What a crash leaves, after a reboot gave the old number to an unrelated process.
      writeFileSync(path.join(dataDir, "postmaster.pid"), `${stranger.pid}\n${dataDir}\n0\n5432\n`);
      embedded = await startEmbeddedPostgres({ dataDir });
      const client = await connect();
      expect((await client.query("select note from kept")).rows).toHaveLength(1);
      await client.end();
    } finally {
      stranger.kill();
    }
  }, 60_000);

  it("stops with a launcher killed with SIGKILL, and starts again", async () => {
    await embedded.close();
    // A launcher of its own, killed with SIGKILL once its database answers.
    const launcher: ChildProcess = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `const { startEmbeddedPostgres } = await import("@sched/core/db/embedded");
         const started = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
         console.log(started.url);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise((resolve) => launcher.stdout?.once("data", resolve));
    const lockFile = path.join(dataDir, "postmaster.pid");
    const serverPid = Number(readFileSync(lockFile, "utf8").split("\n")[0]);
    launcher.kill("SIGKILL");
    // No server is left behind: it shuts down, removing its lock file.
    await expect.poll(() => existsSync(lockFile), { timeout: 30_000 }).toBe(false);
    await expect.poll(() => existsSync(`/proc/${serverPid}`), { timeout: 30_000 }).toBe(false);

    embedded = await startEmbeddedPostgres({ dataDir });
    const client = await connect();
    expect((await client.query("select note from kept")).rows).toHaveLength(1);
    await client.end();
  }, 90_000);

  it("refuses a second server on a folder whose server is running", async () => {
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(/already running/);
  });
});
