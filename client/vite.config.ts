import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { rolldown } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/** The web server (API, Socket.IO) in development; the built client is served by it in production. */
const API_TARGET = "http://localhost:5000";

/** Answers of the API kept for offline use (docs/offline.md); signing out deletes them. */
const API_CACHE = "api-data";
const DAY_SECONDS = 24 * 60 * 60;

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

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

/**
 * How the page names the app's first modules for the early script to ask for: a link the
 * browser does not act on (as `modulepreload` links it would, before the early script ran).
 */
const APP_MODULE_REL = "app-module";

/** The early script and the board preview's script it loads (docs/schedule.md, "The first paint"). */
const EARLY_ENTRY = source("early/main.ts");
const PAINTER_ENTRY = source("early/painter.ts");

/**
 * These modules only declare things but do not say so in package.json, so an import of one
 * export kept whole packages: a constant from shared-types pulled in every zod schema,
 * antd's Input pulled in all of @rc-component/form.
 */
const SIDE_EFFECT_FREE = [
  { test: /[\\/]shared-types[\\/]src[\\/]/, sideEffects: false },
  { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
];

/**
 * Which module imports which (statically), noted once the build has read them all: the
 * chunk groups below are made from it.
 */
const staticImports = new Map<string, readonly string[]>();
const moduleGraph: Plugin = {
  name: "sched:module-graph",
  buildEnd() {
    staticImports.clear();
    for (const id of this.getModuleIds()) staticImports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
  },
};

/** The modules `entries` run before they can show: themselves and their static imports, transitively. */
function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(staticImports.get(id) ?? []));
  }
  return seen;
}

/**
 * One chunk for the signed-in frame and one for the board, instead of dozens of small shared
 * chunks: over HTTP/1.1 (6 connections) those queued in front of the board's API requests
 * on a cold load (docs/schedule.md, "The first paint"). Only modules that the app's start
 * and the sign-in page do not use go in, so neither grows; other screens share the
 * frame's chunk (they all show in it) and may load some of the board's code. The closure
 * reads antd's and the icons' index files as importing everything, so the antd parts the
 * board uses mostly stay in their own shared chunks (57 files for the route, from 85).
 */
let groupsMade: { layout: Set<string>; board: Set<string> } | undefined;
function chunkGroups() {
  if (groupsMade) return groupsMade;
  const start = staticClosure([source("main.tsx"), source("features/auth/LoginPage.tsx")]);
  const layout = staticClosure([source("app/AppLayout.tsx")]);
  const board = staticClosure([source("features/schedule/SchedulePage.tsx")]);
  for (const id of start) {
    layout.delete(id);
    board.delete(id);
  }
  for (const id of layout) board.delete(id);
  // The screens themselves stay chunks of their own, so the build manifest still names them.
  layout.delete(source("app/AppLayout.tsx"));
  board.delete(source("features/schedule/SchedulePage.tsx"));
  groupsMade = { layout, board };
  return groupsMade;
}

/** One classic script (an IIFE) with everything `input` needs, minified, as the build's asset `name`. */
async function classicScript(input: string, define: Record<string, string>): Promise<string> {
  const bundle = await rolldown({
    input,
    platform: "browser",
    transform: { define: { "import.meta.env.DEV": "false", ...define } },
    treeshake: { moduleSideEffects: SIDE_EFFECT_FREE },
  });
  try {
    const { output } = await bundle.generate({ format: "iife", minify: true });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

/**
 * The early script (src/early/main.ts) and the board preview's script (src/early/painter.ts)
 * are classic scripts of their own, each with all it needs, not modules of the app: a module
 * script, even an async one, runs only after the browser has compiled the app's modules that
 * arrived with it, and a module's imports are more requests in the queue. The early script
 * goes first in the page, after the viewport's size; in development both are modules.
 */
function earlyScripts(): Plugin {
  let earlyFile: string | undefined;
  return {
    name: "sched:early-scripts",
    generateBundle: {
      order: "pre",
      async handler(_options, bundle) {
        // The page's module script and what it imports, which the early script fetches after its own requests.
        const page = Object.values(bundle).find(
          (output) =>
            output.type === "chunk" && output.isEntry && output.facadeModuleId?.endsWith("index.html"),
        );
        if (page?.type !== "chunk") return this.error("the page's entry chunk is missing");
        const painter = this.emitFile({
          type: "asset",
          name: "painter.js",
          source: await classicScript(PAINTER_ENTRY, {}),
        });
        const early = this.emitFile({
          type: "asset",
          name: "early.js",
          source: await classicScript(EARLY_ENTRY, {
            __BOARD_PAINTER_URL__: JSON.stringify(`/${this.getFileName(painter)}`),
            __APP_ENTRY__: JSON.stringify(`/${page.fileName}`),
          }),
        });
        earlyFile = this.getFileName(early);
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (context.bundle) {
          // In a build the early script starts the app: the page's own module script goes, and
          // its modules are named for the early script to ask for (docs/schedule.md).
          const page = html
            .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
            .replaceAll('<link rel="modulepreload" crossorigin', `<link rel="${APP_MODULE_REL}"`);
          if (page === html) throw new Error("index.html has no module script for the early script to start");
          html = page;
        }
        const script = context.bundle
          ? `<script src="/${earlyFile}"></script>`
          : '<script type="module" src="/src/early/main.ts"></script>';
        // Right after the viewport's size is set: the script asks whether this is a phone's screen.
        const viewport = /<meta name="viewport"[^>]*>/.exec(html);
        if (!viewport) throw new Error("index.html has no viewport meta tag for the early script to follow");
        const end = viewport.index + viewport[0].length;
        return `${html.slice(0, end)}\n    ${script}${html.slice(end)}`;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), installableApp, moduleGraph, earlyScripts()],
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
      output: {
        codeSplitting: {
          groups: [
            { name: "layout", test: (id) => chunkGroups().layout.has(id), priority: 2 },
            { name: "board", test: (id) => chunkGroups().board.has(id), priority: 1 },
          ],
          // Their imports are in the app's first chunks already: nothing is pulled in with them.
          includeDependenciesRecursively: false,
        },
      },
      treeshake: { moduleSideEffects: SIDE_EFFECT_FREE },
    },
  },
});
