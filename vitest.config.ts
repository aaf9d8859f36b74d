import { defineConfig } from "vitest/config";

/** One run for every workspace; server and worker tests share a database made for the run. */
export default defineConfig({
  test: {
    globalSetup: ["./server/test/global-setup.ts"],
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "shared-types", include: ["shared-types/test/**/*.test.ts"] } },
      {
        extends: true,
        test: { name: "server", include: ["server/test/**/*.test.ts"], setupFiles: ["./server/test/env.ts"] },
      },
      {
        extends: true,
        test: { name: "worker", include: ["worker/test/**/*.test.ts"], setupFiles: ["./server/test/env.ts"] },
      },
      { extends: true, test: { name: "client", include: ["client/test/**/*.test.ts"] } },
    ],
  },
});
