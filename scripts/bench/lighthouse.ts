/**
 * Lighthouse (the npm package, in the system Chromium) on /login, signed out, and on
 * /schedule of a signed-in owner whose week holds a few jobs, served by the real web
 * process with a production build of the client and its strict Content-Security-Policy.
 * Reports the accessibility and best-practices scores, desktop and mobile, next to the
 * goal of 95 (docs/accessibility.md). Lighthouse drives a Chrome of its own
 * (chrome-launcher, CHROMIUM_PATH, default /usr/bin/chromium); the owner's session
 * reaches it as a Cookie header. LIGHTHOUSE_CLIENT_DIST serves a client built beforehand.
 * BENCH_VERBOSE lists every audit that did not pass; LIGHTHOUSE_REPORT_DIR keeps each
 * run's full report (JSON, readable in the Lighthouse viewer) in that folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { type BenchSection, startApp } from "./harness";
import { buildClient } from "./paint";
import { BENCH_MONDAY, registerOwner, seedWeek } from "./seed-week";

const CATEGORIES = ["accessibility", "best-practices"] as const;
const GOAL = 95;
const FORM_FACTORS = ["desktop", "mobile"] as const;
/** Flags of the Chrome Lighthouse drives: the e2e suite's, headless. */
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
/** Enough for a board with cards in every column, far from the 1,200-job paint week. */
const SMALL_WEEK = { employees: 4, days: 6, jobsPerDay: 2 };

type FormFactor = (typeof FORM_FACTORS)[number];

/** Lighthouse's own presets for each form factor: screen size and user agent. */
function flagsFor(formFactor: FormFactor, port: number, cookie?: string): Flags {
  const desktop = formFactor === "desktop";
  return {
    port,
    logLevel: "error",
    output: "json",
    onlyCategories: [...CATEGORIES],
    formFactor,
    screenEmulation: desktop
      ? { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false }
      : { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    // Scores only: no performance trace, no throttling to wait through.
    throttlingMethod: "provided",
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  };
}

/** The audits of a category that did not score full marks, with what they found. */
function failing(result: Result, category: string): string[] {
  return result.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 || process.env.BENCH_VERBOSE)
    .map((ref) => result.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
      const detail = process.env.BENCH_VERBOSE ? ` ${JSON.stringify(items).slice(0, 600)}` : "";
      return `      - ${audit.id}: ${audit.title} (${items.length} item(s))${detail}`;
    });
}

export const lighthouseBench: BenchSection = {
  name: "lighthouse",
  run: async (context) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), "sched-lighthouse-"));
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const prebuilt = process.env.LIGHTHOUSE_CLIENT_DIST;
      if (!prebuilt) buildClient(outDir);
      const app = await startApp(context.databaseUrl, `${context.runId}l`, {
        CLIENT_DIST: prebuilt ?? outDir,
      });
      try {
        const owner = await registerOwner(app.url, `lighthouse-${context.runId}`, "Lighthouse Heating");
        await seedWeek(app.url, context.databaseUrl, owner, BENCH_MONDAY, SMALL_WEEK);
        const pages = [
          { name: "/login", url: `${app.url}/login` },
          { name: "/schedule", url: `${app.url}/schedule?week=${BENCH_MONDAY}`, cookie: owner.cookie },
        ];
        const lines: string[] = [];
        let lowest = 100;
        for (const page of pages) {
          for (const formFactor of FORM_FACTORS) {
            const run = await lighthouse(page.url, flagsFor(formFactor, chrome.port, page.cookie));
            if (!run) throw new Error(`Lighthouse gave no result for ${page.url}`);
            const { lhr } = run;
            const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
            if (reportDir) {
              mkdirSync(reportDir, { recursive: true });
              const file = `${page.name.replace(/\W/g, "")}-${formFactor}.json`;
              writeFileSync(path.join(reportDir, file), JSON.stringify(lhr, null, 1));
            }
            if (lhr.runtimeError) throw new Error(`${page.url}: ${lhr.runtimeError.message}`);
            const scores = CATEGORIES.map((id) => Math.round((lhr.categories[id].score ?? 0) * 100));
            lowest = Math.min(lowest, ...scores);
            lines.push(
              `  ${page.name.padEnd(10)} ${formFactor.padEnd(8)} ` +
                CATEGORIES.map((id, i) => `${id} ${String(scores[i]).padStart(3)}`).join("   ") +
                (lhr.finalDisplayedUrl === page.url ? "" : `   (ended on ${lhr.finalDisplayedUrl})`),
            );
            for (const id of CATEGORIES) lines.push(...failing(lhr, id));
          }
        }
        lines.push(`  lowest score ${lowest}; goal >= ${GOAL}: ${lowest >= GOAL ? "met" : "NOT MET"}`);
        context.report("Lighthouse: accessibility and best practices (production build, strict CSP)", lines);
      } finally {
        await app.stop();
      }
    } finally {
      chrome.kill();
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
