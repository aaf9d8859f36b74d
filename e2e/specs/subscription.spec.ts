import { SUCCESS_REDIRECT_MS } from "@sched/shared-types";
import { api, expect, test } from "../fixtures";

type Plans = Record<"basic" | "pro", { name: string; price: number }>;

/** A full page load starts the app from scratch, which takes a while on a busy machine. */
const PAGE_LOAD_MS = 20_000;

test.describe("subscription", () => {
  // Full page loads and a 5-second redirect: give a busy machine room.
  test.slow();

  test("a new company's trial banner, the demo payment, the success page, then the schedule with no banner", async ({
    page,
    owner,
  }) => {
    await page.goto("/schedule");
    const banner = page.getByTestId("subscription-banner");
    await expect(banner).toContainText("Free Trial: 14 days left", { timeout: PAGE_LOAD_MS });
    await banner.getByRole("link", { name: "Choose a plan" }).click();

    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole("heading", { name: "Subscription Management" })).toBeVisible();
    await expect(page.getByTestId("subscription-status")).toHaveText("Free Trial");
    await expect(page.getByTestId("trial-days-left")).toHaveText("14 days left in your free trial");
    // On the plan screen the banner has no button leading to itself.
    await expect(banner.getByRole("link", { name: "Choose a plan" })).toHaveCount(0);

    const plans = await api<Plans>(page, "GET", "/api/subscription-plans");
    const pro = page.getByTestId("plan-pro");
    await expect(pro.getByText(`$${plans.pro.price / 100}`, { exact: true })).toBeVisible();
    await expect(
      page.getByTestId("plan-basic").getByText(`$${plans.basic.price / 100}`, { exact: true }),
    ).toBeVisible();
    await pro.getByRole("button", { name: "Choose Pro" }).click();

    const form = page.getByTestId("demo-payment-form");
    await expect(form).toContainText("Demo billing mode: payments are simulated");
    await expect(form).toContainText("nothing is charged");
    const startedAt = Date.now();
    await form.getByRole("button", { name: `Pay $${plans.pro.price / 100} (simulated)` }).click();

    await expect(page).toHaveURL(/\/subscription-success/);
    await expect(page.getByText("Payment Successful").first()).toBeVisible();
    await expect(page.getByText("Your subscription is now active!").first()).toBeVisible();
    await expect(page.getByTestId("subscription-status")).toHaveText("Active");
    await expect(banner).toHaveCount(0);

    // The success page sends people home, and home is the schedule for an owner.
    await expect(page).toHaveURL(/\/(schedule)?$/, { timeout: SUCCESS_REDIRECT_MS + 10_000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(SUCCESS_REDIRECT_MS - 500);
    await expect(page.getByRole("heading", { name: "Weekly Schedule" })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // After a reload the server's answer keeps it that way: paid on the Pro plan.
    await page.goto("/subscription");
    await expect(page.getByTestId("subscription-status")).toHaveText("Active", { timeout: PAGE_LOAD_MS });
    await expect(page.getByTestId("plan-pro").getByRole("button", { name: "Current plan" })).toBeDisabled();
    await expect(
      page.getByTestId("plan-basic").getByRole("button", { name: "Switch to Basic" }),
    ).toBeVisible();
    await expect(page.getByText(/^Renews on /)).toBeVisible();
    await expect(banner).toHaveCount(0);
    const info = await api<{ subscriptionStatus: string; planType: string }>(
      page,
      "GET",
      `/api/company/${owner.companyId}/subscription`,
    );
    expect(info).toMatchObject({ subscriptionStatus: "active", planType: "pro" });
  });

  test("cancelling the demo payment changes nothing", async ({ page, owner }) => {
    await page.goto("/subscription");
    await page
      .getByTestId("plan-basic")
      .getByRole("button", { name: "Choose Basic" })
      .click({ timeout: PAGE_LOAD_MS });
    const form = page.getByTestId("demo-payment-form");
    await expect(form).toBeVisible();
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId("subscription-status")).toHaveText("Free Trial");
    await expect(page.getByTestId("subscription-banner")).toContainText("14 days left");
    const info = await api<{ subscriptionStatus: string }>(
      page,
      "GET",
      `/api/company/${owner.companyId}/subscription`,
    );
    expect(info.subscriptionStatus).toBe("trial");
  });
});
