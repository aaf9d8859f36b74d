/**
 * The e2e server's database, for the few facts no route may set: a trial that has run out
 * (only time does that). e2e/server.ts leaves its address in the data folder.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { e2eDataDir } from "./fixtures";

/** Ends the company's free trial a day ago: from now on its changes answer 402 (docs/billing.md). */
export async function endTrial(companyId: string): Promise<void> {
  const client = new pg.Client({
    connectionString: readFileSync(path.join(e2eDataDir(), "database-url"), "utf8"),
  });
  await client.connect();
  try {
    await client.query("UPDATE companies SET trial_ends_at = now() - interval '1 day' WHERE id = $1", [
      companyId,
    ]);
  } finally {
    await client.end();
  }
}
