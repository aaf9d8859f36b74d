/** `npm run db:seed`: creates the demo company (idempotent: does nothing when it exists). */
import { ensureDatabase, loadDotEnv } from "./services";

loadDotEnv();
if (process.env.NODE_ENV === "production") {
  console.error("The demo company's passwords are public: it is never seeded in production.");
  process.exit(1);
}
const database = await ensureDatabase();
const { runMigrations } = await import("@sched/core/db/migrate");
await runMigrations(process.env.DATABASE_URL!);
const { seedDemoCompany, DEMO_LOGINS } = await import("@sched/core/commands/seed-demo");
const { pool } = await import("@sched/core/db/client");
const created = await seedDemoCompany();
console.log(created ? "Demo company Acme Plumbing created." : "Demo company already exists.");
for (const login of DEMO_LOGINS) console.log(`  ${login.role.padEnd(8)} ${login.email} / ${login.password}`);
await pool.end();
await database.close();
process.exit(0);
