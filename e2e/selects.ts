import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Picks `option` in an antd Select: clicks `open`, then the option in the visible list (not
 * the hidden copy for screen readers), and checks that `shows` now says it. On a busy
 * machine a click can land while a dialog is still opening or the list still sliding in,
 * and the pick is lost: then it picks again.
 */
export async function pickOption(page: Page, open: Locator, option: string, shows: Locator = open) {
  await expect(async () => {
    await open.click();
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
      .click({ timeout: 3000 });
    await expect(shows).toContainText(option, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Picks `option` in the antd Select labelled `label` inside `scope` (a form or a dialog). */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  const field = scope.locator(".ant-form-item").filter({ has: page.getByLabel(label) });
  await pickOption(page, scope.getByLabel(label), option, field.locator(".ant-select"));
}
