import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { customerPagesInDev, customerPageWithoutManifest } from "./build/customer-pages";
import { installableApp } from "./build/installable-app";
import { precompress } from "./build/precompress";

/** The web server (API, Socket.IO) in development; the built client is served by it in production. */
const API_TARGET = "http://localhost:5000";

/**
 * This build's id: My Day's answers kept in local storage by another build are never read
 * (src/lib/keptQueries.ts), so a new shape of the data never meets an old copy.
 */
const BUILD_ID =
  process.env.SCHED_BUILD_ID ?? `${process.env.npm_package_version ?? "0"}-${Date.now().toString(36)}`;

/**
 * These modules only declare things but do not say so in package.json, so an import of one
 * export kept whole packages: a constant from shared-types pulled in every zod schema,
 * antd's Input pulled in all of @rc-component/form.
 */
const SIDE_EFFECT_FREE = [
  { test: /[\\/]shared-types[\\/]src[\\/]/, sideEffects: false },
  { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
];

export default defineConfig({
  plugins: [react(), customerPagesInDev, installableApp, customerPageWithoutManifest, precompress],
  define: { __SCHED_BUILD__: JSON.stringify(BUILD_ID) },
  server: {
    port: 5173,
    // No changeOrigin: the server checks that Origin matches Host, and both stay the dev server's.
    proxy: {
      "/api": { target: API_TARGET },
      "/socket.io": { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      // Two pages: the office app, and the customer's pages apart from it (./build/customer-pages.ts).
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        "customer-pages": fileURLToPath(new URL("./customer.html", import.meta.url)),
      },
      treeshake: { moduleSideEffects: SIDE_EFFECT_FREE },
      // Rolldown's own splitting made ~250 files, many a few hundred bytes of antd shared by
      // two screens: My Day needed 114 of them, the board 149. Inlining its common chunks under
      // 60 kB of source into the chunks that read them (one copy runs: rolldown keeps their
      // state in one registry) leaves 18 and 28, for 6-14% more bytes. Measured in
      // docs/performance.md; chosen over a chunk graph of our own in docs/decisions.md.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 60_000,
            // A stylesheet stays one file: Vite's CSS plugin would emit it from every copy.
            exclude: /\.css(\?|$)/,
          },
        },
      },
    },
  },
});
