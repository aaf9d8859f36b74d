import type { APIRequestContext, Page, Response } from "@playwright/test";
import { fieldMessagesSettled, settled } from "../board";
import { expect as baseExpect, PASSWORD, registerOwner, selectCompany, test, uniqueEmail } from "../fixtures";

// Sign-in hashes at full bcrypt cost and every step here waits on a write: allow a loaded machine more time.
const expect = baseExpect.configure({ timeout: 15_000 });

/** e2e/server.ts starts the app with this setup password. */
const SETUP_PASSWORD = "e2e-admin-setup";
const REVOKE_TEXT = "Are you sure you want to revoke free access? The company will revert to trial status.";

const uniqueName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

/** A plain account (with a company of its own, as every registration has). */
async function registerUser(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const res = await request.post("/api/register", {
    data: { email, password: PASSWORD, firstName: "Sam", lastName: "Sysop", companyName: uniqueName("Ops") },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** A system administrator made over the API, signed in on `page`. */
async function signInAsAdmin(page: Page, request: APIRequestContext) {
  const email = await registerUser(request, "admin");
  const made = await request.post("/api/make-admin", { data: { email, adminPassword: SETUP_PASSWORD } });
  expect(made.status(), await made.text()).toBe(200);
  const login = await page.request.post("/api/login", { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return email;
}

const companyRow = (page: Page, name: string) =>
  page.getByTestId("admin-company-row").filter({ hasText: name });
const freeRow = (page: Page, name: string) => page.getByTestId("free-access-row").filter({ hasText: name });

test.describe("admin setup and free access", () => {
  test("make an admin through /admin-setup, grant free access, and the owner's trial banner goes", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // Three accounts, two browsers and a live update: more than one screen's worth of steps.
    test.slow();
    // The company owner, watching their schedule in a browser of their own.
    const ownerContext = await browser.newContext({ baseURL });
    const ownerPage = await ownerContext.newPage();
    const companyName = uniqueName("Banner Plumbing");
    const owner = await registerOwner(ownerPage.request, companyName);
    await selectCompany(ownerPage, owner.companyId);
    const isSubscriptionInfo = (res: Response) =>
      res.url().endsWith(`/api/company/${owner.companyId}/subscription`) && res.ok();
    const firstInfo = ownerPage.waitForResponse(isSubscriptionInfo);
    await ownerPage.goto("/schedule");
    await firstInfo;
    await expect(ownerPage.getByTestId("subscription-banner")).toContainText("Free Trial");

    const adminEmail = await registerUser(request, "setup");
    await page.goto("/admin-setup");
    await expect(page.getByRole("heading", { name: "Admin Setup" })).toBeVisible();
    await page.getByRole("button", { name: "Make Admin" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Setup password is required")).toBeVisible();
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByLabel("Setup password").fill(SETUP_PASSWORD);
    await page.getByRole("button", { name: "Make Admin" }).click();
    await expect(page.getByText("Admin created successfully")).toBeVisible();
    await expect(page.getByText(`${adminEmail} is now a system administrator`).first()).toBeVisible();

    await page.getByRole("link", { name: "Go to the Admin Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Missing credentials")).toBeVisible();
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByTestId("counter-Companies")).toHaveText(/^\d+$/);
    await expect(page.getByTestId("system-overview")).toContainText("Jobs this week");

    await page.getByLabel("Search companies").fill(companyName);
    await expect(page.getByTestId("admin-company-row")).toHaveCount(1);
    const row = companyRow(page, companyName);
    await expect(row.getByTestId("admin-status")).toHaveText("TRIAL");

    await row.getByRole("switch", { name: `Free access for ${companyName}` }).click();
    const dialog = await settled(page.getByRole("dialog", { name: `Grant free access to ${companyName}` }));
    await dialog.getByRole("button", { name: "Grant Free Access" }).click();
    await expect(dialog.getByText("Reason is required")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Community partner");
    await fieldMessagesSettled(dialog);
    await dialog.getByRole("button", { name: "Grant Free Access" }).click();
    await expect(page.getByText("Free access granted successfully")).toBeVisible();
    await expect(row.getByTestId("admin-status")).toHaveText("FREE");
    await expect(row.getByRole("switch")).toBeChecked();
    await expect(freeRow(page, companyName)).toContainText("Community partner");

    // subscription.updated reaches the owner's open page: the banner goes without a reload.
    await expect(ownerPage.getByTestId("subscription-banner")).toBeHidden();
    const freshInfo = ownerPage.waitForResponse(isSubscriptionInfo);
    await ownerPage.reload();
    await freshInfo;
    await expect(ownerPage.getByTestId("company-name")).toHaveText(companyName);
    await expect(ownerPage.getByTestId("subscription-banner")).toBeHidden();
    await ownerContext.close();
  });

  test("grant with the form, revoke with the list's Revoke and with the switch", async ({
    page,
    request,
  }) => {
    test.slow();
    const first = await registerOwner(request, uniqueName("Form Drains"));
    const second = await registerOwner(request, uniqueName("Switch Pipes"));
    await signInAsAdmin(page, request);
    await page.goto("/admin");

    for (const company of [first, second]) {
      const form = page.locator("form#grant-free-access");
      await form.getByLabel("Company").click();
      await page.keyboard.type(company.companyName);
      // antd's visible options are not the listbox's accessible ones: pick the only match by keyboard.
      await expect(page.locator(".ant-select-item-option")).toHaveCount(1);
      await page.keyboard.press("Enter");
      await form.getByLabel("Reason").fill(`Pilot for ${company.companyName}`);
      await form.getByRole("button", { name: "Grant Free Access" }).click();
      await expect(page.getByText("Free access granted successfully").first()).toBeVisible();
      await expect(freeRow(page, company.companyName)).toContainText(`Pilot for ${company.companyName}`);
    }

    // The toasts pile up over the lists on a phone, and one under the pointer stays open: the
    // buttons below them are pressed from the keyboard, as a keyboard user would.
    await freeRow(page, first.companyName).getByRole("button", { name: "Revoke" }).press("Enter");
    const confirm = await settled(page.getByRole("dialog").filter({ hasText: REVOKE_TEXT }));
    await confirm.getByRole("button", { name: "Revoke" }).press("Enter");
    await expect(page.getByText("Free access revoked successfully").first()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(freeRow(page, first.companyName)).toHaveCount(0);
    await page.getByLabel("Search companies").fill(first.companyName);
    await expect(companyRow(page, first.companyName).getByTestId("admin-status")).toHaveText("TRIAL");

    await page.getByLabel("Search companies").fill(second.companyName);
    const secondRow = companyRow(page, second.companyName);
    await secondRow.getByRole("switch").press("Enter");
    const switchConfirm = await settled(page.getByRole("dialog").filter({ hasText: REVOKE_TEXT }));
    await switchConfirm.getByRole("button", { name: "Cancel" }).press("Enter");
    // Gone from the page, not only hidden: the next question is a dialog of its own.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(secondRow.getByRole("switch")).toBeChecked();
    await secondRow.getByRole("switch").press("Enter");
    const revokeConfirm = await settled(page.getByRole("dialog").filter({ hasText: REVOKE_TEXT }));
    await revokeConfirm.getByRole("button", { name: "Revoke" }).press("Enter");
    await expect(secondRow.getByTestId("admin-status")).toHaveText("TRIAL");
    await expect(secondRow.getByRole("switch")).not.toBeChecked();
    await expect(freeRow(page, second.companyName)).toHaveCount(0);
  });

  test("a signed-in user who is not an administrator is told so", async ({ page, owner }) => {
    await page.goto("/admin");
    await expect(page.getByTestId("admin-not-authorized")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Not authorized" })).toBeVisible();
    await expect(page.getByText(owner.email)).toBeVisible();
    expect(
      (await page.request.get("/api/admin/companies", { headers: { "X-Admin-Key": "{key}" } })).status(),
    ).toBe(403);
    await page.getByRole("button", { name: "Sign in as an administrator" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("a wrong setup password fails and makes no one an administrator", async ({ page, request }) => {
    const email = await registerUser(request, "hopeful");
    await page.goto("/admin-setup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Setup password").fill("not-the-setup-password");
    await page.getByRole("button", { name: "Make Admin" }).click();
    await expect(page.getByText("Failed to create admin")).toBeVisible();
    await expect(page.getByText("Invalid credentials or user not found")).toBeVisible();
    const me = await (await request.get("/api/user")).json();
    expect(me.isSystemAdmin).toBe(false);
  });
});
