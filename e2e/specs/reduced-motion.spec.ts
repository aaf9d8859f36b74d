/**
 * "Reduce motion" (WCAG 2.3.3, docs/accessibility.md): with the setting on, antd's dialogs open
 * without zooming; with it off they zoom, and changing it applies without a reload. The other
 * specs run with it on (playwright.config.ts), so this is where the motion itself is seen.
 */
import { modal, openBoard } from "../board";
import { expect, isPhone, test } from "../fixtures";

test("dialogs open without zooming when the person asks for reduced motion, and zoom when not", async ({
  page,
  // Signs in and picks a company of its own.
  owner: _owner,
}) => {
  test.skip(isPhone(page), "the same on a phone; one layout is enough");
  await openBoard(page, "/schedule");
  const addJob = page.getByRole("button", { name: "Add Job", exact: true });
  const dialog = modal(page, "Add Job");

  await addJob.click();
  await expect(dialog).toBeVisible();
  // Read at once: without motion the dialog is never in a zooming state.
  expect(await dialog.getAttribute("class")).not.toMatch(/ant-zoom/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.emulateMedia({ reducedMotion: "no-preference" });
  await addJob.click();
  await expect(dialog).toHaveClass(/ant-zoom-appear/);
  await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
});
