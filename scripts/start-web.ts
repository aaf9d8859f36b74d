/**
 * The web process alone (docker-compose, several instances behind a load balancer):
 * migrates, seeds an empty database when SEED_DEMO is on, then serves.
 */
import { loadDotEnv } from "./services";

loadDotEnv();
const { config } = await import("../server/src/config");
if (config.seedDemo) {
  const { runMigrations } = await import("../server/src/db/migrate");
  await runMigrations(config.databaseUrl!);
  const { isDatabaseEmpty } = await import("../server/src/commands/database-state");
  const { seedDemoCompany } = await import("../server/src/commands/seed-demo");
  if (await isDatabaseEmpty()) await seedDemoCompany();
}
await import("../server/src/index");
