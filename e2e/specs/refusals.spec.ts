/**
 * Refusals that say why (docs/api.md; client/src/components/FailureNotice.tsx): the
 * screen's sentence as the title, the server's words under it, field errors beside their
 * fields, when to try again after a limit, and after an unpaid trial the way on (the plan
 * screen for the owner, the owner for the others), with the refused buttons disabled.
 */
import type { Page } from "@playwright/test";
import { FIRST_LOAD, modal, settled } from "../board";
import { endTrial } from "../database";
import { addEmployee, api, expect, test } from "../fixtures";
import { memberPage } from "../members";

const OWNER_LOCK = "The free trial has ended: choose a plan to make changes.";
const MEMBER_LOCK = "The free trial has ended: ask the owner to choose a plan.";

const toast = (page: Page, title: string) =>
  page.locator(".ant-notification-notice").filter({ has: page.getByText(title, { exact: true }) });

async function openEmployees(page: Page) {
  await page.goto("/employees");
  await expect(page.getByRole("heading", { name: "Employee Management" })).toBeVisible(FIRST_LOAD);
}

/** The Add Employee dialog, filled in, its Add button not yet pressed. */
async function fillNewEmployee(page: Page) {
  await page.getByRole("button", { name: "Add Employee" }).click();
  const dialog = await settled(modal(page, "Add Employee"));
  await dialog.getByLabel("Full Name").fill("Maria Chen");
  return dialog;
}

test.describe("Refusals that say why", () => {
  // Each test signs up, loads a screen and waits for live events: slow on a busy machine.
  test.slow();

  test("after the trial, the owner's buttons are disabled with the reason, and a refused save links to the plans", async ({
    page,
    owner,
  }) => {
    await openEmployees(page);
    const dialog = await fillNewEmployee(page);
    // The trial runs out while the dialog is open: the save is refused with 402.
    await endTrial(owner.companyId);
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    const refused = toast(page, "Failed to add employee.");
    await expect(refused).toBeVisible();
    await expect(refused).toContainText("Your free trial has ended.");
    await expect(refused).not.toContainText("Please try again");
    await expect(refused.getByRole("link", { name: "Choose a plan" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // The screen now knows: Add is disabled and says why, before anyone clicks it.
    const add = page.getByRole("button", { name: "Add Employee" });
    await expect(add).toBeDisabled();
    await expect(page.getByTestId("trial-lock").first()).toContainText(OWNER_LOCK);
    await expect(add).toHaveAccessibleDescription(OWNER_LOCK);

    await page.goto("/customers");
    await expect(page.getByRole("button", { name: "New Customer" }).first()).toBeDisabled(FIRST_LOAD);
    await expect(page.getByText(OWNER_LOCK).first()).toBeVisible();
  });

  test("after the trial, a member is told to ask the owner", async ({ page, owner, browser }, testInfo) => {
    await addEmployee(page, owner.companyId, "Pat Plumber");
    const admin = await memberPage(page, owner, "admin", browser, testInfo);
    await openEmployees(admin);
    const dialog = await fillNewEmployee(admin);
    await endTrial(owner.companyId);
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    const refused = toast(admin, "Failed to add employee.");
    await expect(refused).toContainText("Ask the company's owner to choose a plan.");
    await expect(refused.getByRole("link", { name: "Choose a plan" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole("button", { name: "Add Employee" })).toBeDisabled();
    await expect(admin.getByRole("button", { name: "Add Employee" })).toHaveAccessibleDescription(
      MEMBER_LOCK,
    );
    await admin.context().close();
  });

  test("a limit says when to try again, and keeps the text", async ({ page, owner }) => {
    await addEmployee(page, owner.companyId, "Pat Plumber");
    // One member's 30 messages a minute (docs/realtime.md), then one more from the screen.
    for (let i = 1; i <= 30; i++) {
      await api(page, "POST", "/api/chat", { companyId: owner.companyId, message: `Update ${i}` });
    }
    await page.goto("/chat");
    const input = page.getByRole("textbox", { name: "Message" });
    await expect(input).toBeVisible(FIRST_LOAD);
    await input.fill("One too many");
    await input.press("Enter");
    const refused = toast(page, "Failed to send message.");
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(/Try again in \d+ (second|minute)s?\./);
    await expect(refused).not.toContainText("Please try again");
    await expect(input).toHaveValue("One too many");
  });

  test("a field error of the server sits beside its field", async ({ page, owner: _signedIn }) => {
    await openEmployees(page);
    const dialog = await fillNewEmployee(page);
    // A rule only the server knows (the form's own checks passed): its answer names the field.
    await page.route("**/api/employees", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              message: "Initials are taken by Maria Cruz",
              code: "validation",
              errors: [{ path: "initials", message: "Initials are taken by Maria Cruz" }],
            }),
          })
        : route.fallback(),
    );
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(dialog.locator(".ant-form-item").filter({ hasText: "Initials" })).toContainText(
      "Initials are taken by Maria Cruz",
    );
    await expect(toast(page, "Failed to add employee.")).toContainText("Initials are taken by Maria Cruz");
    await expect(dialog).toBeVisible();
  });

  test("a server failure keeps SPEC's sentence, the one place that asks to try again", async ({
    page,
    owner: _signedIn,
  }) => {
    await openEmployees(page);
    const dialog = await fillNewEmployee(page);
    await page.route("**/api/employees", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "boom" }) : route.fallback(),
    );
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(toast(page, "Failed to add employee. Please try again.")).toBeVisible();
  });
});
