import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./core/src/db/schema.ts",
  out: "./core/src/db/migrations",
});
