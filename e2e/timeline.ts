/**
 * What the Daily View's timeline specs share (docs/schedule.md):
 * a block by its technician's row, the size of an hour on screen, the next save of a job.
 */
import type { Locator, Page, Request } from "@playwright/test";

/** A job's block in a technician's row, found by its location. */
export const blockIn = (page: Page, employeeId: string, location: string) =>
  page.getByTestId(`daily-${employeeId}`).getByTestId("job-card").filter({ hasText: location });

/** Its box on screen, scrolled into view first. */
export async function boxOf(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
}

/** The width of one hour on screen, and the x of the timeline's first hour. */
export async function hourScale(page: Page) {
  // Not scrolled into view: measured where the blocks are scrolled to (a phone scrolls the hours sideways).
  const first = await page.getByTestId("timeline-hour").first().boundingBox();
  if (!first) throw new Error("no hours on screen");
  return { hour: first.width, x0: first.x };
}

/** The next PUT of `jobId`, with its body. */
export const nextSave = (page: Page, jobId: string) =>
  page.waitForRequest(
    (request: Request) => request.method() === "PUT" && request.url().endsWith(`/api/jobs/${jobId}`),
  );

/**
 * Records every text a ghost shows in the row of `employeeId` from now on: a keyboard move
 * is saved once the keys rest, so on a slow machine its ghost may be gone before a check.
 */
export async function watchGhosts(page: Page, employeeId: string): Promise<() => Promise<string[]>> {
  await page.evaluate((rowId) => {
    const seen: string[] = [];
    (window as unknown as { __ghostTexts: string[] }).__ghostTexts = seen;
    const row = document.querySelector(`[data-testid="daily-${rowId}"]`);
    if (!row) throw new Error("no such row");
    new MutationObserver(() => {
      const text = row.querySelector('[data-testid="timeline-ghost"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(row, { childList: true, subtree: true, characterData: true });
  }, employeeId);
  return () => page.evaluate(() => (window as unknown as { __ghostTexts: string[] }).__ghostTexts);
}
