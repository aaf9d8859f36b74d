/**
 * The installable app's plugin (docs/offline.md), apart from client/vite.config.ts so the
 * build's config stays the build: pages, lazy routes and Vite's own chunks.
 */
import { VitePWA } from "vite-plugin-pwa";

/** Answers of the API kept for offline use (docs/offline.md); signing out deletes them. */
const API_CACHE = "api-data";
const DAY_SECONDS = 24 * 60 * 60;

/** The customer's pages' files, which the office app's service worker does not keep (./build/customer-pages.ts). */
const CUSTOMER_FILES = ["customer.html", "assets/customer-pages-*.js", "assets/customer-pages-*.css"];

/**
 * The installable app (docs/offline.md): a manifest, and a Workbox service worker that
 * keeps the app shell (every built file) and serves the API's GET answers network first,
 * from the last answer when offline. It waits for the page's go-ahead to take over
 * (src/features/offline/serviceWorker.ts asks the user), and removes old caches.
 */
export const installableApp = VitePWA({
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
