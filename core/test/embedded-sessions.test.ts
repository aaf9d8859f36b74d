/**
 * The embedded default's one shared session (PGlite behind pglite-socket), as the web
 * process and the worker use it: two pools, each with several connections, at once.
 * Transactions must never interleave, and the unnamed statements every query uses must
 * never be bound by another connection's parameters.
 */
import { PGlite } from "@electric-sql/pglite";
import { checkEmbeddedNeeds, type EmbeddedPostgres, startEmbeddedPostgres } from "@sched/core/db/embedded";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let embedded: EmbeddedPostgres;
let web: pg.Pool;
let worker: pg.Pool;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres({});
  web = new pg.Pool({ connectionString: embedded.url, max: 4 });
  worker = new pg.Pool({ connectionString: embedded.url, max: 4 });
  await web.query("create table counter (id int primary key, value int not null)");
  await web.query("insert into counter values (1, 0)");
  await web.query("create table steps (tx text not null, step int not null, at bigserial primary key)");
}, 120_000);

afterAll(async () => {
  await web?.end();
  await worker?.end();
  await embedded?.close();
});

/** Read, pause, write, with a marker row before and after: a foreign statement in between shows. */
async function incrementSlowly(pool: pg.Pool, name: string) {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("insert into steps (tx, step) values ($1, 1)", [name]);
    const { rows } = await client.query<{ value: number }>("select value from counter where id = 1");
    await client.query("select pg_sleep(0.005)");
    await client.query("update counter set value = $1 where id = 1", [rows[0].value + 1]);
    await client.query("insert into steps (tx, step) values ($1, 2)", [name]);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

describe("the embedded database shared by two processes", () => {
  it("runs transactions from two pools one after the other, never interleaved", async () => {
    const rounds = 12;
    const work: Promise<void>[] = [];
    for (let i = 0; i < rounds; i++) {
      work.push(incrementSlowly(web, `web-${i}`), incrementSlowly(worker, `worker-${i}`));
    }
    await Promise.all(work);

    const { rows } = await web.query<{ value: number }>("select value from counter where id = 1");
    // Read-modify-write without isolation would lose updates.
    expect(rows[0].value).toBe(rounds * 2);
    const steps = await web.query<{ tx: string; step: number }>("select tx, step from steps order by at");
    expect(steps.rows).toHaveLength(rounds * 4);
    // Every transaction's two markers sit next to each other: nothing ran between them.
    for (let i = 0; i < steps.rows.length; i += 2) {
      expect(steps.rows[i]).toMatchObject({ step: 1 });
      expect(steps.rows[i + 1]).toEqual({ tx: steps.rows[i].tx, step: 2 });
    }
  });

  it("answers many parameterized queries at once, each with its own parameters", async () => {
    // The app's shapes: parameterized selects of different arity, and writes, all unnamed.
    const queries = Array.from({ length: 200 }, (_, i) => {
      const pool = i % 2 === 0 ? web : worker;
      if (i % 3 === 0) return pool.query<{ n: number }>("select $1::int as n", [i]).then((r) => r.rows[0].n);
      if (i % 3 === 1)
        return pool
          .query<{ n: number }>("select $1::int + $2::int - $2::int as n", [i, 1000])
          .then((r) => r.rows[0].n);
      return pool
        .query<{ n: number }>("select n from (values ($1::int, $2::text, $3::bool)) v(n, t, b)", [
          i,
          "x",
          true,
        ])
        .then((r) => r.rows[0].n);
    });
    const answers = await Promise.all(queries);
    expect(answers).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it("shares one session between pools: a named statement of one is there for the other", async () => {
    // Why the app makes no named prepared statement (issue 31): here they collide.
    await web.query({ name: "shared_probe", text: "select 1 as n" });
    await expect(worker.query({ name: "shared_probe", text: "select 2 as n" })).rejects.toThrow(
      /already exists/,
    );
    await web.query("deallocate all");
  });
});

describe("the start's check of what the app needs", () => {
  it("names a missing extension and the way out", async () => {
    // PGlite without the pg_trgm extension loaded: what a PGlite lacking it would answer.
    const bare = await PGlite.create();
    try {
      await expect(checkEmbeddedNeeds(bare)).rejects.toThrow(/pg_trgm.*\n.*DATABASE_URL/s);
    } finally {
      await bare.close();
    }
  });
});
