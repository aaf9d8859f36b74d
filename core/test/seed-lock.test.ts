/**
 * Seeding from several processes at once (two web processes started together on an empty
 * database): each waits for the migrations' lock, and only the first makes Acme Plumbing.
 */
import { DEMO_COMPANY, seedDemoCompany } from "@sched/core/commands/seed-demo";
import { runMigrations } from "@sched/core/db/migrate";
import * as schema from "@sched/core/db/schema";
import { createThrowawayDatabase } from "@sched/core/db/throwaway";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";

const AT_ONCE = 3;

/** The server this run's database lives on, whichever one the global setup chose. */
function adminUrl() {
  const url = new URL(process.env.DATABASE_URL ?? "");
  url.pathname = "/postgres";
  return url.toString();
}

/**
 * Ends the pool once its connections are closed. pg's `Pool.end()` resolves as it asks each to
 * close; a forced drop of the database then could end one mid-close, and the pool, no longer
 * listened to, would throw that error where no test catches it.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

describe("demo seeds started at once on a fresh database", () => {
  it("all succeed and make one demo company", async () => {
    const database = await createThrowawayDatabase("sched_seed", undefined, adminUrl());
    const pool = new pg.Pool({ connectionString: database.url, max: AT_ONCE + 1 });
    try {
      await runMigrations(database.url);
      const fresh = drizzle(pool, { schema });
      const results = await Promise.allSettled(
        Array.from({ length: AT_ONCE }, () => seedDemoCompany(new Date(), fresh)),
      );
      const outcomes = results.map((result) =>
        result.status === "fulfilled" ? result.value : String(result.reason),
      );
      expect(outcomes.toSorted()).toEqual([false, false, true]);
      const companies = await fresh
        .select()
        .from(schema.companies)
        .where(eq(schema.companies.name, DEMO_COMPANY));
      expect(companies).toHaveLength(1);
    } finally {
      await endPool(pool);
      await database.drop();
    }
  });
});
