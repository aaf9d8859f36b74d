import { expect, type Page } from "@playwright/test";

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
