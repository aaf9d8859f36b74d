/**
 * `npm run bench -- timeline`: the Daily View's timeline at its stated size, in Chromium
 * (issue 38, docs/schedule.md). One day of 50 technicians and 300
 * jobs (6 each), served by the real web process with a production build of the client.
 *
 * - The first clickable block: as the paint section measures the Week View's first card
 *   (navigation start to the frame after the first block is in the page, clicked then, the
 *   load counting only if the job dialog opens), cold and warm. Budgets: the board's,
 *   <= 1.5 s cold, <= 1.0 s warm (the median of TIMELINE_RUNS loads, 5 by default).
 * - A drag: a block pressed with the mouse and dragged across 8 rows and 4 hours and back
 *   (the ghost following, the conflict engine run at each step), then dropped back with
 *   Escape, nothing saved. The longest frame while dragging, from the Performance API:
 *   `long-animation-frame` entries (Chromium's frames over 50 ms, with their script time)
 *   and the gaps between requestAnimationFrame callbacks. Budget: no frame over 50 ms.
 *   Each long frame's own work (its scripts and its rendering) is printed too: a long frame
 *   without any was the page waiting for the CPU (a busy machine), not the page's doing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/chromium";
import { type BenchSection, startApp, verdict } from "./harness";
import { buildClient, describeLoads, type Load, loadBoard, median, signedInContext } from "./paint";
import { BENCH_MONDAY, registerOwner, seedWeek } from "./seed-week";

const RUNS = Number(process.env.TIMELINE_RUNS ?? 5);
/** The board's budgets (docs/performance.md), the same as the Week View's. */
const BUDGET_MS = { cold: 1500, warm: 1000 };
const FRAME_BUDGET_MS = 50;
/** One day: 50 technicians x 6 jobs. */
const BUSY_DAY = { employees: 50, days: 1, jobsPerDay: 6 };
const BLOCK = "[data-testid=timeline] button.job-card";
/** Pointer moves of the drag, each its own event (as a hand makes them), out and back. */
const DRAG_STEPS = 60;

/** Longest frames while dragging, in ms. */
type DragFrames = {
  longestRafGap: number;
  rafFrames: number;
  longestLoaf: number;
  loafCount: number;
  /** Where the longest long animation frame's time went. */
  longestParts: string;
  /** The most work (scripts and rendering) the page did in any long animation frame; the rest was waiting. */
  longestWork: number;
};

/** Starts watching frames in the page; `__stopFrames()` returns what was seen. Plain JavaScript. */
const WATCH_FRAMES = `(() => {
  const seen = { longestRafGap: 0, rafFrames: 0, longestLoaf: 0, loafCount: 0, longestParts: "", longestWork: 0 };
  const note = (entry) => {
    seen.loafCount += 1;
    // The page's own work in the frame: its scripts, then its rendering (rAF callbacks, style, layout).
    const end = entry.startTime + entry.duration;
    const work = entry.scripts.reduce((sum, s) => sum + s.duration, 0) + (entry.renderStart ? end - entry.renderStart : 0);
    seen.longestWork = Math.max(seen.longestWork, work);
    if (entry.duration <= seen.longestLoaf) return;
    seen.longestLoaf = entry.duration;
    // Where the longest frame went: its scripts (by what ran them) and its style and layout.
    const scripts = entry.scripts
      .map((s) => s.invoker + " " + Math.round(s.duration) + " ms (forced layout " + Math.round(s.forcedStyleAndLayoutDuration) + ")")
      .join("; ");
    const styleAndLayout = entry.styleAndLayoutStart ? entry.startTime + entry.duration - entry.styleAndLayoutStart : 0;
    seen.longestParts = "scripts: " + (scripts || "none") + "; style and layout " + Math.round(styleAndLayout) + " ms; blocking " + Math.round(entry.blockingDuration) + " ms";
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) note(entry);
  });
  observer.observe({ type: "long-animation-frame", buffered: false });
  let last;
  let running = true;
  const tick = (now) => {
    if (!running) return;
    if (last !== undefined) {
      seen.longestRafGap = Math.max(seen.longestRafGap, now - last);
      seen.rafFrames += 1;
    }
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__stopFrames = () => {
    running = false;
    for (const entry of observer.takeRecords()) note(entry);
    observer.disconnect();
    return seen;
  };
})()`;

/** Opens the day, drags a block of the second row out and back, and reads the frames. */
async function measureDrag(context: BrowserContext, url: string): Promise<DragFrames> {
  const page: Page = await context.newPage();
  try {
    await page.goto(url);
    const block = page.locator(BLOCK).nth(6);
    await block.waitFor();
    // The page settled: the frames measured are the drag's, not the first paint's.
    await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500)))");
    const box = await block.boundingBox();
    if (!box) throw new Error("the block is not on screen");
    const from = { x: box.x + 12, y: box.y + box.height / 2 };
    const hourWidth = (await page.locator("[data-testid=timeline-hour]").first().boundingBox())?.width ?? 80;
    const rowHeight = 80;
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.evaluate(WATCH_FRAMES);
    for (let step = 1; step <= DRAG_STEPS; step++) {
      // Out to 8 rows down and 4 hours later, then back.
      const t = step <= DRAG_STEPS / 2 ? step / (DRAG_STEPS / 2) : (DRAG_STEPS - step) / (DRAG_STEPS / 2);
      await page.mouse.move(from.x + t * 4 * hourWidth, from.y + t * 8 * rowHeight);
      // One frame per step at least: each move is seen and drawn, as a hand's would be.
      await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => resolve()))");
    }
    const ghosts = await page.locator("[data-testid=timeline-ghost]").count();
    const frames = (await page.evaluate("window.__stopFrames()")) as DragFrames;
    await page.keyboard.press("Escape");
    await page.mouse.up();
    if (ghosts !== 1) throw new Error(`the drag showed ${ghosts} ghosts, not 1`);
    return frames;
  } finally {
    await page.close();
  }
}

export const timelineBench: BenchSection = {
  name: "timeline",
  run: async (context) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), "sched-timeline-"));
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    try {
      const prebuilt = process.env.PAINT_CLIENT_DIST;
      if (!prebuilt) buildClient(outDir);
      const app = await startApp(context.databaseUrl, `${context.runId}t`, {
        CLIENT_DIST: prebuilt ?? outDir,
      });
      try {
        const owner = await registerOwner(app.url, `timeline-${context.runId}`, "Timeline Heating");
        await seedWeek(app.url, context.databaseUrl, owner, BENCH_MONDAY, BUSY_DAY);
        const url = `${app.url}/schedule?week=${BENCH_MONDAY}&view=day&day=${BENCH_MONDAY}`;
        const warmUp = await signedInContext(browser, app.url, owner, BLOCK);
        await loadBoard(warmUp, url);
        await warmUp.close();

        const cold: Load[] = [];
        const warm: Load[] = [];
        for (let run = 0; run < RUNS; run++) {
          const profile = await signedInContext(browser, app.url, owner, BLOCK);
          cold.push(await loadBoard(profile, url));
          warm.push(await loadBoard(profile, url));
          await profile.close();
        }
        const dragContext = await signedInContext(browser, app.url, owner, null);
        const drags: DragFrames[] = [];
        try {
          for (let run = 0; run < 3; run++) drags.push(await measureDrag(dragContext, url));
        } finally {
          await dragContext.close();
        }
        const worst = (pick: (frames: DragFrames) => number) => Math.max(...drags.map(pick));
        const longest = Math.max(
          worst((f) => f.longestLoaf),
          worst((f) => f.longestRafGap),
        );
        context.report("The Daily View's timeline in Chromium: 50 technicians, 300 jobs (production build)", [
          ...describeLoads("cold", cold),
          ...describeLoads("warm", warm),
          ...drags.map(
            (f, index) =>
              `  drag ${index + 1} (${DRAG_STEPS} moves): longest requestAnimationFrame gap ${f.longestRafGap.toFixed(1)} ms over ${f.rafFrames} frames; ` +
              `${f.loafCount} long animation frames, the longest ${f.longestLoaf.toFixed(0)} ms${f.longestParts ? ` (${f.longestParts})` : ""}, ` +
              `the most work in one ${f.longestWork.toFixed(0)} ms`,
          ),
        ]);
        for (const [kind, loads] of [
          ["cold", cold],
          ["warm", warm],
        ] as const) {
          const middle = median(loads.map((l) => l.visible));
          context.row({
            row: `Daily View, 50 technicians x 300 jobs, Chromium: the first clickable block, ${kind}`,
            figure: `median ${middle.toFixed(0)} ms of ${loads.length} loads; clicked then, it opened the job dialog each time`,
            budget: `<= ${BUDGET_MS[kind]} ms`,
            verdict: verdict(middle <= BUDGET_MS[kind]),
          });
        }
        context.row({
          row: "Daily View, 50 technicians x 300 jobs, Chromium: the longest frame while dragging a block",
          figure: `${longest.toFixed(0)} ms over ${drags.length} drags of ${DRAG_STEPS} moves (long-animation-frame and requestAnimationFrame gaps); the page's own work in any long frame at most ${worst((f) => f.longestWork).toFixed(0)} ms`,
          budget: `<= ${FRAME_BUDGET_MS} ms`,
          verdict: verdict(longest <= FRAME_BUDGET_MS),
        });
      } finally {
        await app.stop();
      }
    } finally {
      await browser.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
