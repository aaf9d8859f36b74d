import { expect, type Locator, type Page } from "@playwright/test";

/** The first load of a page can take a while on a busy machine; the steps after it keep the normal timeouts. */
export const FIRST_LOAD = { timeout: 30_000 };

/** Opens the board at `url` and waits until its data is on screen. */
export async function openBoard(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole("tablist", { name: "Schedule views" })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId("schedule-loading")).toHaveCount(0, FIRST_LOAD);
}

/** An open antd dialog by its title (the test build's ids make aria-labelledby unreliable). */
export const modal = (page: Page, title: string) =>
  page
    .locator(".ant-modal")
    .filter({ has: page.locator(".ant-modal-title", { hasText: new RegExp(`^${title}$`) }) });

/**
 * A dialog that has finished zooming in: a click on a button that is still moving can
 * miss it (seen with "Keep their change" on a busy machine).
 */
export async function openedModal(page: Page, title: string) {
  return settled(modal(page, title));
}

/**
 * `dialog` (an antd dialog: the element with role "dialog") once it has finished zooming
 * in. On a busy machine Playwright can find a zooming button "stable" between two frames
 * the compositor did not advance, and the click then misses it.
 */
export async function settled(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  return dialog;
}

/**
 * `scope` once the messages under its form fields have finished folding in or out: an error
 * that goes away moves the buttons below it, and a click during the move can miss (seen with
 * Add Employee on a busy machine). antd marks the moving messages with `show-help` classes.
 */
export async function fieldMessagesSettled(scope: Locator) {
  await expect(scope.locator("[class*='show-help']")).toHaveCount(0);
  return scope;
}

/**
 * The Undo of the newest toast that names `location`, once that toast has finished sliding
 * in: a click on a toast still moving can miss its button (seen on a busy machine).
 */
export async function undoInToast(page: Page, location: string): Promise<Locator> {
  const toast = page.locator(".ant-notification-notice").filter({ hasText: location }).last();
  await expect(toast).toBeVisible();
  await expect
    .poll(() =>
      toast.evaluate((el) => el.closest("[class*='-fade-appear'], [class*='-fade-enter']") !== null),
    )
    .toBe(false);
  return toast.getByTestId("undo-move");
}

/**
 * Closes the toasts on screen. A drag that starts under a toast hovers it, and antd keeps a
 * hovered toast open, so the drag would wait for it for good (seen on a busy machine).
 */
export async function closeNotices(page: Page) {
  // A toast may still arrive while the others close: until none is left.
  await expect(async () => {
    // All in one go: a toast closed without motion leaves at once, and a locator for the
    // second of two would then wait for one that no longer exists.
    await page.evaluate(() => {
      for (const closer of document.querySelectorAll<HTMLElement>(".ant-notification-notice-close"))
        closer.click();
    });
    await expect(page.locator(".ant-notification-notice")).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}
