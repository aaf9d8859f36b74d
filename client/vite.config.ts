import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { antdStaticStyles } from "./build/antd-static-styles";

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

/**
 * antd's and the icons' index files import every component and icon: a closure through them
 * would hold all of antd. It follows the names the app's files import from them instead.
 */
const BARREL = /[\\/]node_modules[\\/](antd|@ant-design[\\/]icons)[\\/]es[\\/]index\.js$/;
const APP_FILE = /\.tsx?$/;

/** Each name antd's or the icons' index file exports, with the module it comes from. */
let barrelNames: Map<string, string> | undefined;
function namesInBarrels(): Map<string, string> {
  if (barrelNames) return barrelNames;
  barrelNames = new Map();
  for (const id of staticImports.keys()) {
    const icon = /[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/](\w+)\.js$/.exec(id);
    if (icon) barrelNames.set(`icons:${icon[1]}`, id);
    if (!/[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/.test(id)) continue;
    for (const [, name, dir] of readFileSync(id, "utf8").matchAll(
      /export \{ default as (\w+) \} from '\.\/([\w-]+)'/g,
    ))
      barrelNames.set(`antd:${name}`, path.join(path.dirname(id), dir, "index.js"));
  }
  return barrelNames;
}

/** The antd components and icons an app file imports by name (not its type-only imports). */
function namedInBarrels(file: string): string[] {
  const found: string[] = [];
  const code = readFileSync(file, "utf8");
  for (const [, names, from] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(antd|@ant-design\/icons)"/g)) {
    for (const name of names.split(",")) {
      const imported = name.trim().split(/\s+as\s+/)[0];
      if (!imported || imported.startsWith("type ")) continue;
      const module = namesInBarrels().get(`${from === "antd" ? "antd" : "icons"}:${imported}`);
      if (module) found.push(module);
    }
  }
  return found;
}

/**
 * The modules `entries` run before they can show: themselves and their static imports,
 * transitively, with only the antd components and icons the app's files name.
 */
function usedClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id) || BARREL.test(id)) continue;
    seen.add(id);
    pending.push(...(staticImports.get(id) ?? []));
    if (id.startsWith(source("")) && APP_FILE.test(id)) pending.push(...namedInBarrels(id));
  }
  return seen;
}

const without = (set: Set<string>, ...others: Set<string>[]) =>
  new Set([...set].filter((id) => !others.some((other) => other.has(id))));

/**
 * A few chunks for the first screens instead of a hundred small ones: over HTTP/1.1 (6
 * connections) each file waits its turn, in front of the screen's API requests on a cold
 * load (docs/performance.md). Each group holds whole closures (the
 * antd components and icons used included), so the chunks never import each other in a
 * cycle: "layout" the signed-in frame (every signed-in screen loads it), "theme" antd's
 * theme (every screen but the sign-in page and My Day), "work" what My Day shares with
 * the rest, "my-day" the rest of My Day, "later" what every signed-in screen loads once
 * drawn (the live connection, the toasts and dialogs, the bell), "shared" what that shares
 * with the board, "board" the rest of the board. The app's start and the sign-in page stay
 * as they are, so neither grows; other screens load the groups they share code with.
 */
type Group = "layout" | "theme" | "work" | "myDay" | "later" | "shared" | "board";
let groupsMade: Record<Group, Set<string>> | undefined;
function chunkGroups() {
  if (groupsMade) return groupsMade;
  const start = usedClosure([source("main.tsx"), source("features/auth/LoginPage.tsx")]);
  const layout = without(usedClosure([source("app/AppLayout.tsx")]), start);
  const closureOf = (...files: string[]) => without(usedClosure(files.map(source)), start, layout);
  const themeAll = closureOf("app/ThemedScreens.tsx");
  const myDayAll = closureOf("features/my-day/MyDayPage.tsx");
  const boardAll = closureOf("features/schedule/SchedulePage.tsx");
  const laterEntries = [
    "app/Realtime.tsx",
    "app/ToastHost.tsx",
    "app/ConfirmHost.tsx",
    "app/NotificationBell.tsx",
    "app/BellMenu.tsx",
  ];
  const afterFirstScreen = closureOf(...laterEntries);
  // All My Day needs comes in its two chunks: what others use too is in "work", so that
  // neither the board nor the bell loads My Day's own chunk.
  const work = new Set(
    [...myDayAll].filter((id) => boardAll.has(id) || themeAll.has(id) || afterFirstScreen.has(id)),
  );
  const myDay = without(myDayAll, work);
  const theme = without(themeAll, work);
  // What every signed-in screen loads once drawn: what it shares with the board is a chunk
  // of its own, or My Day would load the board for the bell.
  const shared = new Set([...without(afterFirstScreen, work, theme)].filter((id) => boardAll.has(id)));
  const later = without(afterFirstScreen, work, theme, shared);
  const board = without(boardAll, work, theme, shared);
  // The screens themselves stay chunks of their own, so the build manifest still names them.
  layout.delete(source("app/AppLayout.tsx"));
  theme.delete(source("app/ThemedScreens.tsx"));
  myDay.delete(source("features/my-day/MyDayPage.tsx"));
  board.delete(source("features/schedule/SchedulePage.tsx"));
  // So do the chunks loaded later (a test blocks the confirmation dialog's by its name).
  for (const entry of laterEntries) {
    later.delete(source(entry));
    shared.delete(source(entry));
  }
  groupsMade = { layout, theme, work, myDay, later, shared, board };
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
  plugins: [react(), antdStaticStyles(), installableApp, moduleGraph, precompress],
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
      // The page's own entry keeps its <link rel="modulepreload"> tags, and so does My Day's
      // screen: its few scripts come in one round trip instead of three (a phone on slow 4G
      // draws it 0.3-0.5 s sooner). Any other chunk imported later brings only its CSS: the
      // browser fetches its scripts' imports itself, and a link element per file held the
      // main thread longer than the round trips saved (the board's first card came later;
      // docs/performance.md).
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === "html" || /(^|\/)MyDayPage-/.test(file)
          ? deps
          : deps.filter((dep) => dep.endsWith(".css")),
    },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "layout", test: (id) => chunkGroups().layout.has(id), priority: 2 },
            { name: "theme", test: (id) => chunkGroups().theme.has(id), priority: 1 },
            { name: "work", test: (id) => chunkGroups().work.has(id), priority: 1 },
            { name: "my-day", test: (id) => chunkGroups().myDay.has(id), priority: 1 },
            { name: "later", test: (id) => chunkGroups().later.has(id), priority: 1 },
            { name: "shared", test: (id) => chunkGroups().shared.has(id), priority: 1 },
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
