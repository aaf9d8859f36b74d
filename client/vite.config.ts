import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
 * frame's chunk (they all show in it) and may load some of the board's code. antd stays in
 * the shared chunks the build makes of it (see BARREL).
 */
const ICONS_PACKAGE = /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]/;
const ICON_DRAWING = /[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/]/;
/** The icon modules that the app's own files among `ids` import by name from the icons' index file. */
function iconsNamedIn(ids: Iterable<string>): Set<string> {
  const iconModules = new Map<string, string>();
  for (const id of staticImports.keys()) {
    const icon = /[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/](\w+)\.js$/.exec(id);
    if (icon) iconModules.set(icon[1], id);
  }
  const importedByPackages = new Set<string>();
  for (const [importer, imported] of staticImports) {
    if (!importer.includes("node_modules") || ICONS_PACKAGE.test(importer)) continue;
    for (const id of imported) importedByPackages.add(id);
  }
  const found = new Set<string>();
  for (const id of ids) {
    if (!id.startsWith(source("")) || !/\.tsx?$/.test(id)) continue;
    const code = readFileSync(id, "utf8");
    for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@ant-design\/icons"/g)) {
      for (const name of names.split(",")) {
        const module = iconModules.get(name.trim().split(/\s+as\s+/)[0]);
        // An icon antd itself imports stays where the build puts it: antd uses some at its
        // modules' top level (Result's icons), which a cycle between chunks would leave undefined.
        if (!module || importedByPackages.has(module)) continue;
        // The icon and its drawing (@ant-design/icons-svg), which nothing else imports.
        found.add(module);
        for (const drawing of staticImports.get(module) ?? [])
          if (ICON_DRAWING.test(drawing)) found.add(drawing);
      }
    }
  }
  return found;
}

const BARREL = /[\\/]node_modules[\\/](antd|@ant-design[\\/]icons)[\\/]es[\\/]index\.js$/;
let groupsMade: { layout: Set<string>; work: Set<string>; board: Set<string> } | undefined;
function chunkGroups() {
  if (groupsMade) return groupsMade;
  const start = staticClosure([source("main.tsx"), source("features/auth/LoginPage.tsx")]);
  const layout = staticClosure([source("app/AppLayout.tsx")]);
  const board = staticClosure([source("features/schedule/SchedulePage.tsx")]);
  // antd's and the icons' index files import every component: what is reached only through
  // them is not known to be used, so antd stays in the shared chunks the build makes.
  const barrels = staticClosure([...staticImports.keys()].filter((id) => BARREL.test(id)));
  for (const id of [...start, ...barrels]) {
    layout.delete(id);
    board.delete(id);
  }
  // The icons they name do go with them: one each would be a file of half a kilobyte.
  for (const id of iconsNamedIn(layout)) layout.add(id);
  for (const id of iconsNamedIn(board)) board.add(id);
  for (const id of layout) board.delete(id);
  // What My Day shares with the board has a chunk of its own: a technician's phone would
  // otherwise load the whole board for the few parts My Day uses.
  const myDay = staticClosure([source("features/my-day/MyDayPage.tsx")]);
  const work = new Set([...board].filter((id) => myDay.has(id)));
  for (const id of work) board.delete(id);
  // The screens themselves stay chunks of their own, so the build manifest still names them.
  layout.delete(source("app/AppLayout.tsx"));
  board.delete(source("features/schedule/SchedulePage.tsx"));
  groupsMade = { layout, work, board };
  return groupsMade;
}

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
  plugins: [react(), installableApp, moduleGraph, precompress],
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
    modulePreload: {
      // The page's own entry keeps its <link rel="modulepreload"> tags. A chunk imported
      // later brings only its CSS: the browser fetches its scripts' imports itself, in
      // parallel, and adding a link element for each of some hundred files blocked a
      // phone's main thread for 0.2 s (docs/performance.md, "The first screen").
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "html" ? deps : deps.filter((dep) => dep.endsWith(".css")),
    },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "layout", test: (id) => chunkGroups().layout.has(id), priority: 2 },
            { name: "work", test: (id) => chunkGroups().work.has(id), priority: 1 },
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
