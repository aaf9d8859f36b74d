import { defineConfig } from "vitest/config";

/** Unit tests of the client's pure modules: node environment, no DOM. */
export default defineConfig({
  test: {
    name: "client",
    environment: "node",
    include: ["test/**/*.test.ts"],
  },
});
