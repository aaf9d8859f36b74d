import { defineConfig } from "vitest/config";

/**
 * One run for every workspace. Projects that touch the database or Redis share the
 * database made for the run (core/test/global-setup.ts) and read its address in
 * core/test/env.ts.
 */
export default defineConfig({
  test: {
    globalSetup: ["./core/test/global-setup.ts"],
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "shared-types", include: ["shared-types/test/**/*.test.ts"] } },
      {
        extends: true,
        test: { name: "core", include: ["core/test/**/*.test.ts"], setupFiles: ["./core/test/env.ts"] },
      },
      {
        extends: true,
        test: { name: "server", include: ["server/test/**/*.test.ts"], setupFiles: ["./core/test/env.ts"] },
      },
      {
        extends: true,
        test: { name: "worker", include: ["worker/test/**/*.test.ts"], setupFiles: ["./core/test/env.ts"] },
      },
      { extends: true, test: { name: "client", include: ["client/test/**/*.test.ts"] } },
      // The API once over on the embedded PostgreSQL `npm start` runs without DATABASE_URL.
      {
        extends: true,
        test: {
          name: "server-embedded",
          include: ["server/test/**/*.embedded.ts"],
          setupFiles: ["./server/test/embedded/env.ts"],
        },
      },
    ],
  },
});
