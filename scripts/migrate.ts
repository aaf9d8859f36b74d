/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
import { ensureDatabase, loadDotEnv } from "./services";

loadDotEnv();
const database = await ensureDatabase();
const { runMigrations } = await import("@sched/core/db/migrate");
await runMigrations(process.env.DATABASE_URL!);
console.log(`Migrations applied to ${database.description}`);
await database.close();
