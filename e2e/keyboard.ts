/**
 * Keyboard-only helpers of the keyboard specs (docs/accessibility.md): reach an element with
 * Tab as a keyboard user would, and check that the focused element shows where it is.
 */
import type { Locator, Page } from "@playwright/test";
import { expect as baseExpect } from "./fixtures";

export const expect = baseExpect.configure({ timeout: 15_000 });
/** A fresh browser loads the whole app first; on a busy machine that takes a while. */
export const FIRST_LOAD = { timeout: 45_000 };

/** Presses Tab until `target` has the focus (as a keyboard user would reach it), then checks the focus shows. */
export async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  await expect(target).toBeVisible(FIRST_LOAD);
  for (let press = 0; press < maxPresses; press++) {
    if (
      await target.evaluate(
        (element) => element === document.activeElement || element.contains(document.activeElement),
      )
    ) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element draws a ring: an outline or a box shadow (antd's inputs), on itself or its wrapper. */
export async function expectVisibleFocus(page: Page) {
  const isVisible = await page.evaluate(() => {
    const shows = (element: Element | null) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== "none";
    };
    const focused = document.activeElement;
    return (
      shows(focused) ||
      shows(focused?.parentElement ?? null) ||
      shows(focused?.closest(".ant-select, .ant-input-affix-wrapper, .ant-radio-button-wrapper") ?? null)
    );
  });
  expect(isVisible, "the focused element shows a focus ring").toBe(true);
}
