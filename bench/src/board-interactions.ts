/**
 * What a dispatcher feels on a board that is already drawn (the paint section's 1,200-job
 * week): a click on a job card until its dialog is on screen, and a card dropped on another
 * cell until it shows there. Both are timed in the page, from the input event to the frame
 * after the change is in the page (a requestAnimationFrame, then a task: the frame painted).
 * Each interaction's long animation frames (their scripts, by what ran them) and the files
 * fetched in it are kept, so a slow one says where its time went.
 * Budgets: the dialog <= 200 ms, the drop <= 100 ms (the median of CLICK_RUNS / DROP_RUNS).
 */
import type { BrowserContext, Page } from "@playwright/test";
import { median } from "./paint";

const CLICKS = Number(process.env.CLICK_RUNS ?? 7);
const DROPS = Number(process.env.DROP_RUNS ?? 7);
export const CLICK_BUDGET_MS = 200;
export const DROP_BUDGET_MS = 100;
const CARD = "[data-testid=week-grid] button.job-card";

/** One interaction: its time, and where it went. */
export type Interaction = { ms: number; frames: string[]; fetched: string[] };

/**
 * Installs `window.__interaction(start, isDone)`: resolves with the time from `start` (an
 * event's timeStamp) to the frame after `isDone()` holds, the long animation frames of the
 * interval and the files fetched in it. Plain JavaScript: it runs in Chromium.
 */
const WATCH = `(() => {
  const frames = [];
  const loafs = new PerformanceObserver((list) => frames.push(...list.getEntries()));
  loafs.observe({ type: "long-animation-frame" });
  window.__interaction = (startOf, isDone) => new Promise((resolve) => {
    const check = () => {
      const start = startOf();
      if (start === undefined || !isDone()) return false;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        const end = performance.now();
        frames.push(...loafs.takeRecords());
        const describe = (f) => Math.round(f.duration) + " ms frame at +" + Math.round(f.startTime - start) + ": " +
          (f.scripts.map((s) => (s.invoker || s.invokerType) + " " + Math.round(s.duration) + " ms" +
            (s.forcedStyleAndLayoutDuration > 1 ? " (forced layout " + Math.round(s.forcedStyleAndLayoutDuration) + ")" : "")).join(", ") || "no script") +
          (f.renderStart ? "; render " + Math.round(f.startTime + f.duration - f.renderStart) + " ms" : "");
        resolve({
          ms: end - start,
          frames: frames.filter((f) => f.startTime + f.duration > start && f.startTime < end).map(describe),
          fetched: performance.getEntriesByType("resource")
            .filter((r) => r.startTime >= start && r.startTime < end)
            .map((r) => new URL(r.name).pathname + " " + Math.round(r.responseEnd - r.startTime) + " ms"),
        });
      }, 0));
      return true;
    };
    const observer = new MutationObserver(check);
    if (!check()) observer.observe(document, { childList: true, subtree: true, attributes: true });
  });
})()`;

/** An interaction's promise, failed with what was tried if it does not finish: never a silent wait. */
async function within<T>(what: string, timed: Promise<T>, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms);
  });
  return Promise.race([timed, late]).finally(() => clearTimeout(timer));
}

/** The board drawn and idle: every row, its lists in, nothing fetched for a moment. */
async function openSettledBoard(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(CARD).first().waitFor();
  // The rows after the first screen come a batch per frame: settled when no card was added for a second.
  for (let cards = -1; ; ) {
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
    const now = await page.locator(CARD).count();
    if (now === cards) break;
    cards = now;
  }
  await page.evaluate(WATCH);
  return page;
}

/** Clicks CLICKS cards of different rows in turn, each until its dialog shows, then closes it. */
export async function measureClicks(context: BrowserContext, url: string): Promise<Interaction[]> {
  const page = await openSettledBoard(context, url);
  try {
    const cards = await page.locator(CARD).count();
    const seen: Interaction[] = [];
    for (let run = 0; run < CLICKS; run++) {
      const card = page.locator(CARD).nth((run * 97) % cards);
      await card.scrollIntoViewIfNeeded();
      const timed = page.evaluate(`(() => {
        let start;
        addEventListener("pointerdown", (event) => { start = event.timeStamp; }, { capture: true, once: true });
        return window.__interaction(() => start, () => document.querySelector("[data-testid=job-form]") !== null);
      })()`);
      await card.click();
      seen.push((await within(`click ${run + 1}: the job dialog`, timed)) as Interaction);
      await page.keyboard.press("Escape");
      await page.locator("[data-testid=job-form]").waitFor({ state: "detached" });
      await page.waitForTimeout(300);
    }
    return seen;
  } finally {
    await page.close();
  }
}

/** Drags DROPS cards, each to the next day of its row, until it shows in its new cell. */
export async function measureDrops(context: BrowserContext, url: string): Promise<Interaction[]> {
  const page = await openSettledBoard(context, url);
  try {
    const seen: Interaction[] = [];
    for (let run = 0; run < DROPS; run++) {
      // A scheduled, draggable card whose next day is a working day (Mon-Fri): a completed or
      // cancelled job's move, or one onto a day off, asks first, which is not what is timed here.
      const candidates = (await page.evaluate(`[...document.querySelectorAll(
        "[data-testid^=row-] button.job-card[draggable=true][data-status=scheduled]")].map((card) => {
          const cell = card.closest("[data-testid^=cell-]");
          const next = cell?.nextElementSibling?.getAttribute("data-testid") ?? "";
          const day = new Date(next.slice(-10) + "T12:00:00Z").getUTCDay();
          return day >= 1 && day <= 5 ? [card.getAttribute("data-job-id"), cell.getAttribute("data-testid"), next] : null;
        }).filter(Boolean)`)) as [string, string, string][];
      const [jobId, from, target] = candidates[run * 3] ?? [];
      const source = page.locator(`[data-testid="${from}"] [data-job-id="${jobId}"]`);
      if (!jobId || !from || !target) throw new Error("no card with a next day to drop it on");
      const timed = page.evaluate(`(() => {
        let start;
        addEventListener("drop", (event) => { start = event.timeStamp; }, { capture: true, once: true });
        return window.__interaction(() => start,
          () => document.querySelector('[data-testid="${target}"] [data-job-id="${jobId}"]') !== null);
      })()`);
      await source.dragTo(page.locator(`[data-testid="${target}"]`), { targetPosition: { x: 20, y: 10 } });
      seen.push((await within(`drop ${run + 1}: job ${jobId} in ${target}`, timed)) as Interaction);
      // The move saved, its toast shown: the next drop starts on a quiet board.
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
    }
    return seen;
  } finally {
    await page.close();
  }
}

/** The report's lines for one kind of interaction: each run, and the slowest one's frames and fetches. */
export function describeInteractions(label: string, runs: Interaction[]): string[] {
  const slowest = runs.reduce((worst, run) => (run.ms > worst.ms ? run : worst), runs[0]);
  return [
    `  ${label}: median ${median(runs.map((run) => run.ms)).toFixed(0)} ms (runs ${runs.map((run) => run.ms.toFixed(0)).join(", ")})`,
    ...(slowest.frames.length
      ? [`        the slowest one's long frames: ${slowest.frames.join(" | ")}`]
      : []),
    ...(slowest.fetched.length ? [`        fetched in it: ${slowest.fetched.join(", ")}`] : []),
  ];
}
