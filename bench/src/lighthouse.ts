/**
 * Lighthouse (the npm package, in the system Chromium) where people use each page, served by
 * the real web process with a production build of the client and its strict
 * Content-Security-Policy:
 * - /login signed out, a first visit, mobile preset (a phone's screen, slow 4G and a 4x
 *   slower CPU, simulated): performance >= 90;
 * - /my-day of a technician linked to the roster with jobs today, a first visit, mobile
 *   preset: its largest contentful paint <= 2.5 s;
 * - /my-day as the installed app opens it: the service worker and the caches in place from
 *   earlier visits (storage kept), mobile preset: performance >= 90. Lighthouse's simulated
 *   network counts an answer from the service worker as a network fetch, so this page is
 *   throttled for real (`devtools`: slow 4G and the 4x slower CPU applied to the browser);
 *   then, on issue 51's slower phone (400 ms round trips, 400 kbit/s, 4x CPU; installed-open.ts),
 *   the time until My Day's first job is on screen: <= 1.5 s;
 * - /schedule of an owner whose week holds 1,200 jobs, desktop preset (dispatchers sit at
 *   desktops): performance >= 90;
 * - the customers' /book/<slug>, /visit/<token>, /quote/<token> and /invoice/<token>
 *   (customer-pages.ts), mobile preset: performance >= 95.
 * Accessibility and best practices are printed. Lighthouse drives a Chrome of its own
 * (chrome-launcher, CHROMIUM_PATH, default /usr/bin/chromium); a session reaches it as a
 * Cookie header. LIGHTHOUSE_CLIENT_DIST serves a client built beforehand;
 * LIGHTHOUSE_REPORT_DIR keeps each page's median report (JSON) and its trace (for DevTools'
 * Performance panel); BENCH_VERBOSE lists every run's figures and every audit that did not
 * pass; LIGHTHOUSE_PAGES runs only the pages named. Each page runs LIGHTHOUSE_RUNS times
 * (default 3) and the median run counts, as Lighthouse's own docs advise (one run varies by
 * 10 points or more on a busy 2-core machine).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import bcrypt from "bcrypt";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import pg from "pg";
import { WebSocket } from "ws";
import { CHROMIUM_ARGS } from "../../e2e/chromium";
import { customerPages } from "./customer-pages";
import { type BenchSection, request, startApp, verdict } from "./harness";
import { measureSlowPhoneOpen, type OpenTimes, openOnSlowPhone, SLOW_PHONE } from "./installed-open";
import { buildClient } from "./paint";
import { BENCH_MONDAY, type Owner, registerOwner, seedWeek } from "./seed-week";

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
/** Flags of the Chrome Lighthouse drives: the e2e suite's, headless. */
const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS];
const TECHNICIAN_PASSWORD = "bench-password-1";
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** Issue 51: the installed app shows My Day's first job this soon on its slow phone. */
const SLOW_PHONE_FIRST_JOB_MS = 1500;

/** The metrics behind the performance score, as Lighthouse names them. */
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

/**
 * A member linked to the roster's first employee, with four jobs of theirs today (My Day
 * shows the browser's today), signed in: its session cookie.
 */
async function linkedTechnician(appUrl: string, databaseUrl: string, owner: Owner): Promise<string> {
  const email = `lighthouse-tech-${owner.companyId}@example.test`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select id from employees where company_id = $1 order by name limit 1`,
      [owner.companyId],
    );
    const employeeId = rows[0].id;
    const user = await client.query<{ id: string }>(
      `insert into users (email, password, first_name, last_name) values ($1, $2, 'Tess', 'Technician') returning id`,
      [email, await bcrypt.hash(TECHNICIAN_PASSWORD, 4)],
    );
    await client.query(
      `insert into company_user (company_id, user_id, role, employee_id) values ($1, $2, 'employee', $3)`,
      [owner.companyId, user.rows[0].id, employeeId],
    );
    await client.query(
      `insert into jobs (company_id, employee_id, type, location, date, time, status, payment_status, amount)
       select $1, $2, (array['Repair','Maintenance','Installation','Inspection'])[slot + 1],
              (120 + slot) || ' Oak St', current_date, lpad((8 + slot * 2)::text, 2, '0') || ':00',
              'scheduled', 'pending', 150
       from generate_series(0, 3) slot`,
      [owner.companyId, employeeId],
    );
  } finally {
    await client.end();
  }
  const res = await request(`${appUrl}/api/login`, {
    method: "POST",
    body: { email, password: TECHNICIAN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`technician login: ${res.status} ${res.body}`);
  return res.headers["set-cookie"].split(";")[0];
}

/** What a page is measured against: a score, or its largest contentful paint in ms. */
type Budget = { score: number } | { lcpMs: number };

type Page = {
  name: string;
  url: string;
  cookie?: string;
  budget: Budget;
  /** Desktop preset; else Lighthouse's default, the mobile preset. */
  desktop?: boolean;
  /** The installed app: storage kept from a visit before, throttled for real. */
  installed?: boolean;
};

/**
 * Puts the session in the browser's own cookie jar: the installed app's service worker
 * fetches without Lighthouse's extra headers, as a phone's would with its cookie.
 */
async function setCookie(port: number, appUrl: string, cookie: string) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const [name, value] = cookie.split("=");
  const answered = new Promise((resolve) => socket.once("message", resolve));
  socket.send(
    JSON.stringify({
      id: 1,
      method: "Storage.setCookies",
      params: { cookies: [{ name, value, url: appUrl, httpOnly: true, sameSite: "Lax" }] },
    }),
  );
  await answered;
  socket.close();
}

/** Lighthouse's default configuration is the mobile preset; the output, the session and the kind of visit are set. */
function flagsFor(port: number, page: Page): Flags {
  const cookie = page.cookie;
  return {
    port,
    ...(page.installed ? { disableStorageReset: true, throttlingMethod: "devtools" as const } : {}),
    logLevel: "error",
    output: "json",
    onlyCategories: [...CATEGORIES],
    // With a report directory, the kept trace holds the JavaScript's samples too (what ran in a long task).
    additionalTraceCategories: process.env.LIGHTHOUSE_REPORT_DIR
      ? "disabled-by-default-v8.cpu_profiler"
      : undefined,
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  };
}

/** With BENCH_VERBOSE: the audits of each category that did not score full marks, with what they found. */
function failing(result: Result): string[] {
  if (!process.env.BENCH_VERBOSE) return [];
  return CATEGORIES.flatMap((category) =>
    result.categories[category].auditRefs
      .map((ref) => result.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => {
        const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
        return `      - ${category}: ${audit.id}: ${audit.title} (${audit.displayValue ?? `${items.length} item(s)`}) ${JSON.stringify(items).slice(0, 400)}`;
      }),
  );
}

/** The performance metrics as Lighthouse displays them. */
const metricsOf = (result: Result) =>
  METRICS.map((id) => `${id.replaceAll("-", " ")} ${result.audits[id]?.displayValue ?? "-"}`).join(", ");

const times = (t: OpenTimes) =>
  `${Math.round(t.firstJobMs)} / ${Math.round(t.afterFrameMs)} / ${Math.round(t.refreshedMs)} ms`;

/** Installs the app at `url` in the browser: the session in its cookie jar, then two visits. */
async function install(port: number, url: string, cookie: string) {
  const page: Page = { name: "install", url, cookie, budget: { score: 0 }, installed: true };
  await setCookie(port, new URL(url).origin, cookie);
  for (let visit = 0; visit < 2; visit++) await lighthouse(url, flagsFor(port, page));
}

/**
 * LIGHTHOUSE_COMPARE_DIST: another build served beside this one, both installed in the same
 * browser and opened in turn on the slow phone, so the host's speed (which moves by 2x within
 * minutes here) is the same for both sides of each pair. SLOW_PHONE_PAIRS pairs (default 6).
 */
async function compareInstalled(
  context: Parameters<BenchSection["run"]>[0],
  port: number,
  myDay: string,
  technician: string,
  otherDist: string,
): Promise<string[]> {
  const other = await startApp(context.databaseUrl, `${context.runId}c`, { CLIENT_DIST: otherDist });
  try {
    const owner = await registerOwner(other.url, `lighthouse-b-${context.runId}`, "Lighthouse Cooling");
    await seedWeek(other.url, context.databaseUrl, owner, BENCH_MONDAY);
    const otherTechnician = await linkedTechnician(other.url, context.databaseUrl, owner);
    const sides = [
      { name: "this build", url: myDay, cookie: technician },
      { name: otherDist, url: `${other.url}/my-day`, cookie: otherTechnician },
    ];
    for (const side of sides) {
      await install(port, side.url, side.cookie);
      // A first open writes the kept copy as the app keeps it.
      await openOnSlowPhone(port, side.url, false);
    }
    const pairs = Math.max(1, Number(process.env.SLOW_PHONE_PAIRS ?? 6));
    const results: OpenTimes[][] = [[], []];
    // Each side first in every other pair.
    for (let pair = 0; pair < pairs; pair++)
      for (const index of pair % 2 ? [1, 0] : [0, 1])
        results[index].push(await openOnSlowPhone(port, sides[index].url, false));
    const medianOf = (list: OpenTimes[], key: keyof OpenTimes) =>
      [...list.map((t) => t[key])].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
    return [
      `  The installed app on the slow phone, two builds opened in turn (${pairs} pairs; painted / a task after / refreshed):`,
      ...sides.map(
        (side, i) =>
          `    ${side.name}: medians ${Math.round(medianOf(results[i], "firstJobMs"))} / ${Math.round(medianOf(results[i], "afterFrameMs"))} / ${Math.round(medianOf(results[i], "refreshedMs"))} ms; runs ${results[i].map((t) => Math.round(t.firstJobMs)).join(", ")}`,
      ),
    ];
  } finally {
    await other.stop();
  }
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
        await seedWeek(app.url, context.databaseUrl, owner, BENCH_MONDAY);
        const technician = await linkedTechnician(app.url, context.databaseUrl, owner);
        const myDay = `${app.url}/my-day`;
        const customer = await customerPages(app.url, owner, context.runId);
        const pages: Page[] = [
          { name: "/login", url: `${app.url}/login`, budget: { score: 90 } },
          { name: "/my-day", url: myDay, cookie: technician, budget: { lcpMs: 2500 } },
          {
            name: "/my-day installed",
            url: myDay,
            cookie: technician,
            budget: { score: 90 },
            installed: true,
          },
          {
            name: "/schedule",
            url: `${app.url}/schedule?week=${BENCH_MONDAY}`,
            cookie: owner.cookie,
            budget: { score: 90 },
            desktop: true,
          },
          // The customers' pages (docs/customer-pages.md), on a phone: public pages >= 95.
          { name: "/book", url: customer.bookUrl, budget: { score: 95 } },
          { name: "/visit", url: customer.visitUrl, budget: { score: 95 } },
          { name: "/quote", url: customer.quoteUrl, budget: { score: 95 } },
          { name: "/invoice", url: customer.invoiceUrl, budget: { score: 95 } },
        ];
        const lines: string[] = [];
        const only = process.env.LIGHTHOUSE_PAGES?.split(",");
        for (const page of pages.filter((p) => !only || only.includes(p.name))) {
          const runs: Result[] = [];
          const traces: unknown[] = [];
          const retried: string[] = [];
          const config = page.desktop ? desktopConfig : undefined;
          // The installed app: two visits first install the service worker, which then fills its caches.
          if (page.installed && page.cookie) await setCookie(chrome.port, app.url, page.cookie);
          if (page.installed)
            for (let visit = 0; visit < 2; visit++)
              await lighthouse(page.url, flagsFor(chrome.port, page), config);
          while (runs.length < RUNS) {
            const run = await lighthouse(page.url, flagsFor(chrome.port, page), config);
            if (!run) throw new Error(`Lighthouse gave no result for ${page.url}`);
            const error = run.lhr.runtimeError;
            // Lighthouse's own advice for a trace it failed to record ("run Lighthouse again"), twice at most.
            if (error && retried.length < 2) retried.push(error.code);
            else if (error) throw new Error(`${page.url}: ${error.message}`);
            else {
              runs.push(run.lhr);
              traces.push(run.artifacts.Trace);
            }
          }
          if (retried.length)
            lines.push(`  ${page.name}: ${retried.length} run(s) again after ${retried.join(", ")}`);
          const perRun = runs.map((run) => metricsOf(run));
          if (process.env.BENCH_VERBOSE)
            lines.push(...perRun.map((m, i) => `             run ${i + 1}: ${m}`));
          const lhr = computeMedianRun(runs);
          const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
          if (reportDir) {
            mkdirSync(reportDir, { recursive: true });
            writeFileSync(
              path.join(reportDir, `${page.name.replace(/\W/g, "")}.json`),
              JSON.stringify(lhr, null, 1),
            );
            writeFileSync(
              path.join(reportDir, `${page.name.replace(/\W/g, "")}.trace.json`),
              JSON.stringify(traces[runs.indexOf(lhr)]),
            );
          }
          const scores = CATEGORIES.map((id) => Math.round((lhr.categories[id].score ?? 0) * 100));
          const ended = lhr.finalDisplayedUrl === page.url ? "" : `   (ended on ${lhr.finalDisplayedUrl})`;
          const allScores = runs.map((run) => Math.round((run.categories.performance.score ?? 0) * 100));
          const median = RUNS > 1 ? `, median run of ${allScores.join(", ")}` : "";
          // Lighthouse's own measure of the host's CPU: its 4x slowdown assumes a fast desktop,
          // so runs on two machines compare only alongside it (docs/performance.md).
          const hostSpeed = runs.map((run) => run.environment.benchmarkIndex).join(", ");
          lines.push(
            `  ${page.name.padEnd(10)} ${CATEGORIES.map((id, i) => `${id} ${String(scores[i]).padStart(3)}`).join("   ")}${ended}`,
            `             ${metricsOf(lhr)}${median}`,
            `             the host's CPU (Lighthouse's benchmark index, per run): ${hostSpeed}`,
            ...failing(lhr),
          );
          const preset = page.desktop
            ? "desktop preset"
            : page.installed
              ? "mobile, throttled for real"
              : "mobile preset";
          if ("score" in page.budget)
            context.row({
              row: `Lighthouse (${preset}) performance, ${page.name}`,
              figure: `${scores[0]} (${metricsOf(lhr)}${median})${ended}`,
              budget: `>= ${page.budget.score}`,
              verdict: verdict(scores[0] >= page.budget.score),
            });
          else {
            const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY;
            context.row({
              row: `Lighthouse (${preset}), ${page.name} first visit: largest contentful paint on slow 4G`,
              figure: `${(lcp / 1000).toFixed(1)} s (performance ${scores[0]}; ${metricsOf(lhr)}${median})${ended}`,
              budget: `<= ${(page.budget.lcpMs / 1000).toFixed(1)} s`,
              verdict: verdict(lcp <= page.budget.lcpMs),
            });
          }
          if (page.installed) {
            // The same installed app, opened on issue 51's slower phone (installed-open.ts).
            const profileDir = process.env.LIGHTHOUSE_REPORT_DIR;
            const slow = await measureSlowPhoneOpen(
              chrome.port,
              page.url,
              RUNS,
              profileDir ? path.join(profileDir, "my-day-slow-phone.cpuprofile") : undefined,
            );
            const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
            const profile = `${SLOW_PHONE.latencyMs} ms RTT, ${SLOW_PHONE.kbitPerSecond} kbit/s, ${SLOW_PHONE.cpuSlowdown}x CPU`;
            lines.push(
              `  ${page.name} on the slow phone (${profile}): first job ${seconds(slow.kept.firstJobMs)}, jobs refreshed from the network at ${seconds(slow.kept.refreshedMs)}; without the kept copy: first job ${seconds(slow.withoutKept.firstJobMs)}`,
              ...(process.env.BENCH_VERBOSE
                ? slow.runs.map(
                    (run, i) =>
                      `             run ${i + 1}: kept ${times(run.kept)}, without ${times(run.withoutKept)} (painted / a task after / refreshed)`,
                  )
                : []),
            );
            context.row({
              row: `${page.name}: My Day's first job on screen, slow phone (${profile})`,
              figure: `${seconds(slow.kept.firstJobMs)} (median of ${RUNS}; refreshed from the network at ${seconds(slow.kept.refreshedMs)}; without the kept copy ${seconds(slow.withoutKept.firstJobMs)})`,
              budget: `<= ${seconds(SLOW_PHONE_FIRST_JOB_MS)}`,
              verdict: verdict(slow.kept.firstJobMs <= SLOW_PHONE_FIRST_JOB_MS),
            });
          }
        }
        const compared = process.env.LIGHTHOUSE_COMPARE_DIST;
        if (compared)
          lines.push(...(await compareInstalled(context, chrome.port, myDay, technician, compared)));
        context.report("Lighthouse (production build, strict CSP)", lines);
      } finally {
        await app.stop();
      }
    } finally {
      chrome.kill();
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
