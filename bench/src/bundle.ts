/**
 * Initial JavaScript per route (gzip), from a production build's manifest: the page's
 * classic scripts if any, the entry, the route's lazy screens, and everything they import
 * statically. Budgets: sign-in <= 200 kB, schedule <= 350 kB (the schedule also loads the
 * socket client at sign-in).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "../../scripts/services";
import { type BenchSection, verdict } from "./harness";

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const ROUTES: { name: string; budgetKb: number; modules: (string | RegExp)[] }[] = [
  { name: "sign-in (/login)", budgetKb: 200, modules: ["index.html", "src/features/auth/LoginPage.tsx"] },
  {
    name: "schedule (/schedule)",
    budgetKb: 350,
    modules: [
      "index.html",
      "src/app/AppLayout.tsx",
      "src/features/schedule/SchedulePage.tsx",
      /socket\.io-client/,
    ],
  },
];

/** The chunk files a set of modules needs at once: themselves and their static imports, transitively. */
function initialFiles(manifest: Manifest, modules: (string | RegExp)[]): Set<string> {
  const keys = Object.keys(manifest);
  const pending = modules.flatMap((m) =>
    typeof m === "string" ? [m] : keys.filter((k) => m.test(k)).slice(0, 1),
  );
  const seen = new Set<string>();
  const files = new Set<string>();
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk for ${key} in the build manifest`);
    if (chunk.file.endsWith(".js")) files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

export const bundleBench: BenchSection = {
  name: "bundle",
  run: async (context) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), "sched-bundle-"));
    try {
      const build = spawnSync(
        "npx",
        ["vite", "build", "client", "--outDir", outDir, "--emptyOutDir", "--manifest", "--logLevel", "error"],
        { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
      );
      if (build.status !== 0) throw new Error("client build failed");
      const manifest = JSON.parse(
        readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8"),
      ) as Manifest;
      // Classic scripts of the page are not in the manifest.
      const html = readFileSync(path.join(outDir, "index.html"), "utf8");
      const classicScripts = [...html.matchAll(/<script src="\/([^"]+\.js)"><\/script>/g)].map(
        (match) => match[1],
      );
      const lines = ROUTES.map((route) => {
        const files = new Set([...classicScripts, ...initialFiles(manifest, route.modules)]);
        const bytes = [...files].reduce(
          (sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file))).length,
          0,
        );
        const kb = bytes / 1000;
        context.row({
          row: `Initial JavaScript, ${route.name}`,
          figure: `${kb.toFixed(1)} kB gzip in ${files.size} files`,
          budget: `<= ${route.budgetKb} kB`,
          verdict: verdict(kb <= route.budgetKb),
        });
        return `  ${route.name.padEnd(22)} ${kb.toFixed(1).padStart(7)} kB gzip in ${files.size} files`;
      });
      context.report("Initial JavaScript per route (production build, gzip)", lines);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
