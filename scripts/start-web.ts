/**
 * The web process alone (docker-compose, several instances behind a load balancer):
 * migrates, seeds an empty database when SEED_DEMO is on, then serves.
 */
import { loadDotEnv } from "./services";

loadDotEnv();
const { config } = await import("@sched/core/config");
if (config.seedDemo) {
  const { runMigrations } = await import("@sched/core/db/migrate");
  await runMigrations(config.databaseUrl!);
  const { isDatabaseEmpty } = await import("@sched/core/queries/database-state");
  const { seedDemoCompany } = await import("@sched/core/commands/seed-demo");
  if (await isDatabaseEmpty()) await seedDemoCompany();
}
await import("../server/src/index");
