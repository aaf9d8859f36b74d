/**
 * The board's first job card, in Chromium: from navigation start to the first frame after
 * the app's own first job card (a button of the Week View) is in the page, on /schedule
 * of a signed-in owner whose week holds 1,200 jobs, served by the real web process with a
 * production build of the client. The card is then clicked at once, and the load counts
 * only if the job dialog opens. Cold = a new browser context (empty cache); warm = the
 * same context loading again (JavaScript from the HTTP cache, the API revalidated).
 * Budgets: <= 1.5 s cold, <= 1.0 s warm (the median of PAINT_RUNS loads, 7 by default).
 * Uses the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium), as the e2e suite does.
 * PAINT_CLIENT_DIST serves a client built beforehand instead (to compare two builds).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { SELECTED_COMPANY_KEY } from "@sched/shared-types";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/chromium";
import { ROOT } from "../../scripts/services";
import {
  CLICK_BUDGET_MS,
  DROP_BUDGET_MS,
  describeInteractions,
  measureClicks,
  measureDrops,
} from "./board-interactions";
import { type BenchSection, startApp, verdict } from "./harness";
import { BENCH_MONDAY, type Owner, registerOwner, seedWeek } from "./seed-week";

/** Loads of each kind; PAINT_RUNS changes it. */
const RUNS = Number(process.env.PAINT_RUNS ?? 7);
const BUDGET_MS = { cold: 1500, warm: 1000 };
const CARD_TIMEOUT_MS = 30_000;

/** What one page load reports (ms from navigation start). */
export type Load = {
  /** The first frame after the app's first job card was in the page. */
  visible: number;
  /** When the job dialog was in the page, the card having been clicked at `visible`. */
  dialogOpen: number;
  domContentLoaded: number;
  scriptsDone: number;
  user?: { start: number; end: number };
  jobs?: { start: number; end: number };
  employees?: { start: number; end: number };
};

/**
 * Runs in the page before any of its scripts: notes when the Week View's first card is in
 * the page and the frame after, clicks it then, and notes when the job dialog is open.
 * Plain JavaScript: it runs in Chromium. `card` is the CSS selector of the view's job cards.
 */
export const watchForFirstCard = (card: string) => `
  const CARD = ${JSON.stringify(card)};
  const observer = new MutationObserver(() => {
    if (window.__cardInDom === undefined && document.querySelector(CARD)) {
      window.__cardInDom = performance.now();
      requestAnimationFrame(() => setTimeout(() => {
        window.__cardVisible = performance.now();
        document.querySelector(CARD).click();
      }, 0));
    }
    if (window.__cardVisible !== undefined && document.querySelector("[data-testid=job-form]")) {
      window.__dialogOpen = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** Read in the page once the dialog is open: the moments on the way to it. */
const READ_TIMINGS = `(() => {
  const visible = window.__cardVisible;
  const [navigation] = performance.getEntriesByType("navigation");
  const resources = performance.getEntriesByType("resource");
  const span = (path) => {
    const entry = resources.find((r) => new URL(r.name).pathname === path);
    return entry && { start: entry.startTime, end: entry.responseEnd };
  };
  const scripts = resources.filter((r) => r.name.endsWith(".js") && r.startTime < visible);
  return {
    visible,
    dialogOpen: window.__dialogOpen,
    domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : 0,
    scriptsDone: Math.max(0, ...scripts.map((r) => r.responseEnd)),
    user: span("/api/user"),
    jobs: span("/api/jobs"),
    employees: span("/api/employees"),
  };
})()`;

/** A production build of the client into `outDir` (the lighthouse section uses it too). */
export function buildClient(outDir: string) {
  const build = spawnSync(
    "npx",
    ["vite", "build", "client", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0) throw new Error("client build failed");
}

/** The Week View's job cards: the first of them is what the paint section waits for. */
const WEEK_CARD = "[data-testid=week-grid] button.job-card";

export async function signedInContext(
  browser: Browser,
  appUrl: string,
  owner: Owner,
  /** The view's job cards, whose first is clicked as soon as it is drawn; null: none clicked. */
  card: string | null = WEEK_CARD,
): Promise<BrowserContext> {
  // bypassCSP: the app allows no eval, and reading the page's timings is an evaluated string.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const [name, value] = owner.cookie.split("=");
  await context.addCookies([{ name, value, url: appUrl, httpOnly: true, sameSite: "Lax" }]);
  // A returning dispatcher: their company is remembered, as the app remembers it.
  await context.addInitScript({
    content: `window.localStorage.setItem(${JSON.stringify(SELECTED_COMPANY_KEY)}, ${JSON.stringify(owner.companyId)});`,
  });
  if (card) await context.addInitScript({ content: watchForFirstCard(card) });
  return context;
}

export async function loadBoard(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  if (process.env.BENCH_VERBOSE) page.on("console", (message) => console.log(`  page: ${message.text()}`));
  try {
    await page.goto(url, { waitUntil: "commit" });
    await page
      .waitForFunction("window.__dialogOpen !== undefined", null, { timeout: CARD_TIMEOUT_MS })
      .catch(async () => {
        const seen = await page.evaluate(
          "[window.__cardInDom, window.__cardVisible, document.title, location.href]",
        );
        throw new Error(
          `no job dialog within ${CARD_TIMEOUT_MS} ms (card in page, clicked, title, address: ${JSON.stringify(seen)})`,
        );
      });
    return (await page.evaluate(READ_TIMINGS)) as Load;
  } finally {
    await page.close();
  }
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number | undefined) => (value === undefined ? "-" : `${value.toFixed(0)}`.padStart(5));

export function describeLoads(kind: "cold" | "warm", loads: Load[]): string[] {
  const visible = loads.map((l) => l.visible);
  const middle = median(visible);
  const typical = loads.find((l) => l.visible === middle) ?? loads[0];
  const clickToDialog = loads.map((l) => l.dialogOpen - l.visible);
  return [
    `  ${kind.padEnd(5)} first clickable job card: median ${middle.toFixed(0)} ms (runs ${visible.map((v) => v.toFixed(0)).join(", ")})`,
    `        its click -> the job dialog open: median ${median(clickToDialog).toFixed(0)} ms`,
    `        the median run (ms from navigation start): DOMContentLoaded ${ms(typical.domContentLoaded)}, scripts loaded ${ms(typical.scriptsDone)},` +
      ` /api/user ${ms(typical.user?.start)}-${ms(typical.user?.end)}, /api/employees ${ms(typical.employees?.start)}-${ms(typical.employees?.end)},` +
      ` /api/jobs ${ms(typical.jobs?.start)}-${ms(typical.jobs?.end)}`,
  ];
}

export const paintBench: BenchSection = {
  name: "paint",
  run: async (context) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), "sched-paint-"));
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    try {
      const prebuilt = process.env.PAINT_CLIENT_DIST;
      if (!prebuilt) buildClient(outDir);
      const app = await startApp(context.databaseUrl, `${context.runId}p`, {
        CLIENT_DIST: prebuilt ?? outDir,
      });
      try {
        const owner = await registerOwner(app.url, `paint-${context.runId}`, "Paint Plumbing");
        await seedWeek(app.url, context.databaseUrl, owner, BENCH_MONDAY);
        const url = `${app.url}/schedule?week=${BENCH_MONDAY}`;
        // One load first, so the server's own first-request costs are not counted.
        const warmUp = await signedInContext(browser, app.url, owner);
        await loadBoard(warmUp, url);
        await warmUp.close();

        const cold: Load[] = [];
        const warm: Load[] = [];
        for (let run = 0; run < RUNS; run++) {
          const profile = await signedInContext(browser, app.url, owner);
          cold.push(await loadBoard(profile, url));
          warm.push(await loadBoard(profile, url));
          if (process.env.BENCH_VERBOSE)
            console.log(JSON.stringify({ cold: cold.at(-1), warm: warm.at(-1) }));
          await profile.close();
        }
        // The same week drawn and idle: a card clicked, then cards dropped on the next day.
        const settled = await signedInContext(browser, app.url, owner, null);
        const clicks = await measureClicks(settled, url).finally(() => settled.close());
        const dragging = await signedInContext(browser, app.url, owner, null);
        const drops = await measureDrops(dragging, url).finally(() => dragging.close());
        context.report(
          "/schedule in Chromium: the first clickable job card, then a click and a drop on the drawn board (1,200-job week, production build)",
          [
            ...describeLoads("cold", cold),
            ...describeLoads("warm", warm),
            ...describeInteractions("a card clicked -> its dialog on screen", clicks),
            ...describeInteractions("a card dropped on the next day -> on screen in its new cell", drops),
          ],
        );
        for (const [kind, loads] of [
          ["cold", cold],
          ["warm", warm],
        ] as const) {
          const middle = median(loads.map((l) => l.visible));
          const dialog = median(loads.map((l) => l.dialogOpen - l.visible));
          context.row({
            row: `/schedule, 1,200-job week, Chromium: the first clickable job card, ${kind}`,
            figure: `median ${middle.toFixed(0)} ms of ${loads.length} loads; clicked then, it opened the job dialog each time, ${dialog.toFixed(0)} ms later (median)`,
            budget: `<= ${BUDGET_MS[kind]} ms`,
            verdict: verdict(middle <= BUDGET_MS[kind]),
          });
        }
        for (const [name, runs, budget] of [
          ["a click on a job card opens its dialog", clicks, CLICK_BUDGET_MS],
          ["a dropped card shows in its new cell", drops, DROP_BUDGET_MS],
        ] as const) {
          const middle = median(runs.map((run) => run.ms));
          context.row({
            row: `/schedule, 1,200-job week drawn, Chromium: ${name}`,
            figure: `median ${middle.toFixed(0)} ms of ${runs.length} (slowest ${Math.max(...runs.map((run) => run.ms)).toFixed(0)} ms)`,
            budget: `<= ${budget} ms`,
            verdict: verdict(middle <= budget),
          });
        }
      } finally {
        await app.stop();
      }
    } finally {
      await browser.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
