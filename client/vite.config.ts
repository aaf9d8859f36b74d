import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { customerPagesInDev, customerPageWithoutManifest } from "./build/customer-pages";
import { precompress } from "./build/precompress";

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

/** The customer's pages' files, which the office app's service worker does not keep (./build/customer-pages.ts). */
const CUSTOMER_FILES = ["customer.html", "assets/customer-pages-*.js", "assets/customer-pages-*.css"];

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
    globIgnores: ["**/RouteMap-*.js", "**/maplibre-gl-*.js", ...CUSTOMER_FILES],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    // The first worker takes charge of the open page at once, so one online visit is
    // enough; a new version still waits for the user's go-ahead (no skipWaiting).
    clientsClaim: true,
    navigateFallback: "/index.html",
    // The customer's pages (customer.html) are never answered with the office app.
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/(book|visit|quote|invoice)\//],
    runtimeCaching: [
      {
        // Not the health answer, nor the chat's 3 s polls for what is new (deltas, of no use
        // offline), nor the customer's pages' public answers.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          url.pathname.startsWith("/api/") &&
          !url.pathname.startsWith("/api/health") &&
          !url.pathname.startsWith("/api/public/") &&
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
      // Two pages: the office app, and the customer's pages apart from it (CUSTOMER_FILES).
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        "customer-pages": fileURLToPath(new URL("./customer.html", import.meta.url)),
      },
      treeshake: { moduleSideEffects: SIDE_EFFECT_FREE },
    },
  },
});
