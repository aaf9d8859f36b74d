import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/** The web server (API, Socket.IO) in development; the built client is served by it in production. */
const API_TARGET = "http://localhost:5000";

/** Answers of the API kept for offline use (docs/offline.md); signing out deletes them. */
const API_CACHE = "api-data";
const DAY_SECONDS = 24 * 60 * 60;

/**
 * This build's id: My Day's answers kept in local storage by another build are never read
 * (src/lib/keptQueries.ts), so a new shape of the data never meets an old copy.
 */
const BUILD_ID =
  process.env.SCHED_BUILD_ID ?? `${process.env.npm_package_version ?? "0"}-${Date.now().toString(36)}`;

/**
 * The installable app (docs/offline.md): a manifest, and a Workbox service worker that
 * keeps the app shell (every built file) and serves the API's GET answers network first,
 * from the last answer when offline. It waits for the page's go-ahead to take over
 * (src/features/offline/serviceWorker.ts asks the user), and removes old caches.
 */
const installableApp = VitePWA({
  registerType: "prompt",
  injectRegister: false,
  includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
  manifest: {
    name: "Scheduler",
    short_name: "Scheduler",
    description: "Live weekly job scheduling for small field-service companies",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: "#1d4ed8",
    background_color: "#ffffff",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
    // The office's map (maplibre-gl, about 1 MB) is fetched when the Map tab opens, never
    // downloaded ahead onto every technician's phone.
    globIgnores: ["**/RouteMap-*.js", "**/maplibre-gl-*.js"],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    // The first worker takes charge of the open page at once, so one online visit is
    // enough; a new version still waits for the user's go-ahead (no skipWaiting).
    clientsClaim: true,
    navigateFallback: "/index.html",
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
    runtimeCaching: [
      {
        // Not the health answer, nor the chat's 3 s polls for what is new (deltas, of no use offline).
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          url.pathname.startsWith("/api/") &&
          !url.pathname.startsWith("/api/health") &&
          !(url.pathname === "/api/chat" && url.searchParams.has("after")),
        method: "GET",
        // No networkTimeoutSeconds: on a slow network a timeout would hand the screens the
        // old answer as if fresh, and the refresh would never show. My Day opens at once from
        // its copy in local storage instead (src/lib/keptQueries.ts) and waits for the network.
        handler: "NetworkFirst",
        options: {
          cacheName: API_CACHE,
          // Lists name their company in the address; a header that varies must not hide them offline.
          matchOptions: { ignoreVary: true },
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 300, maxAgeSeconds: 14 * DAY_SECONDS },
        },
      },
    ],
  },
});

/**
 * These modules only declare things but do not say so in package.json, so an import of one
 * export kept whole packages: a constant from shared-types pulled in every zod schema,
 * antd's Input pulled in all of @rc-component/form.
 */
const SIDE_EFFECT_FREE = [
  { test: /[\\/]shared-types[\\/]src[\\/]/, sideEffects: false },
  { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
];

/** Files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/;
/** Below this size the encoding header costs about what compression saves. */
const MIN_COMPRESS_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, once, at
 * the highest levels; the server sends one when the browser accepts it (server/src/app.ts).
 * Runs last, after the service worker is written.
 */
const precompress: Plugin = {
  name: "sched:precompress",
  apply: "build",
  closeBundle: {
    order: "post",
    handler() {
      const outDir = this.environment.config.build.outDir;
      const root = path.resolve(this.environment.config.root, outDir);
      for (const file of filesUnder(root)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_COMPRESS_BYTES) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  },
};

export default defineConfig({
  plugins: [react(), installableApp, precompress],
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
      treeshake: { moduleSideEffects: SIDE_EFFECT_FREE },
    },
  },
});
