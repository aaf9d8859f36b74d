import { expect, isPhone, PASSWORD, test, uniqueEmail } from "../fixtures";

test.describe("sign-up, sign-out and the app shell", () => {
  test("register lands on the schedule with the new company selected; logout returns to sign-in", async ({
    page,
  }) => {
    const email = uniqueEmail("shell");
    await page.goto("/register");
    await page.getByLabel("First name").fill("Rosa");
    await page.getByLabel("Last name").fill("Diaz");
    await page.getByLabel("Company name").fill("Diaz Drains");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole("heading", { name: "Weekly Schedule" })).toBeVisible();
    await expect(page.getByTestId("company-badge")).toHaveText("D");
    await expect(page.getByTestId("company-name")).toHaveText("Diaz Drains");
    const stored = await page.evaluate(() => window.localStorage.getItem("selectedCompanyId"));
    expect(stored).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live");

    if (isPhone(page)) {
      await expect(page.getByTestId("desktop-nav")).toBeHidden();
      const bar = page.getByTestId("mobile-bar");
      await expect(bar).toBeVisible();
      // 390 px makes six slots of 64 px: the sixth entry, Team, goes first under More (docs/auth.md).
      await expect(bar.getByRole("link")).toHaveText(["Schedule", "Employees", "Calls", "History", "Chat"]);
      await bar.getByRole("button", { name: "More" }).click();
      await expect(page.getByTestId("mobile-more-panel").getByRole("link").first()).toHaveText("Team");
    } else {
      await expect(page.getByTestId("mobile-bar")).toBeHidden();
      const nav = page.getByTestId("desktop-nav");
      await expect(nav.getByRole("link")).toHaveText([
        "Schedule",
        "Employees",
        "Templates",
        "History",
        "Chat",
        "Calls",
        "Customers",
        "Quotes",
        "Invoices",
        "Team",
        "Timesheets",
        "Numbers",
        "Subscription",
      ]);
      await expect(page.getByTestId("switch-company")).toBeVisible();
    }

    await page.getByTestId("logout-button").click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });

  test("signing in with the wrong password says so; the right one opens the schedule", async ({ page }) => {
    const email = uniqueEmail("signin");
    const res = await page.request.post("/api/register", {
      data: { email, password: PASSWORD, firstName: "Ada", lastName: "Lane", companyName: "Lane Pipes" },
    });
    expect(res.status()).toBe(201);
    await page.request.post("/api/logout");
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Login failed").first()).toBeVisible();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The toast shows at once and fades after a few seconds, so look for it before the board loads.
    await expect(page.getByText("Logged in successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Weekly Schedule" })).toBeVisible();
  });

  test("an unknown path shows the 404 page", async ({ page, owner }) => {
    expect(owner.companyId).toBeTruthy();
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to schedule" }).click();
    await expect(page.getByRole("heading", { name: "Weekly Schedule" })).toBeVisible();
  });

  test("at 720 px every section is reachable from the phone bar and its More list", async ({
    page,
    owner,
  }) => {
    expect(owner.companyId).toBeTruthy();
    await page.setViewportSize({ width: 720, height: 900 });
    await page.goto("/schedule");
    const bar = page.getByTestId("mobile-bar");
    await expect(bar.getByRole("link")).toHaveText([
      "Schedule",
      "Employees",
      "Calls",
      "History",
      "Chat",
      "Team",
    ]);
    const more = bar.getByRole("button", { name: "More" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    const panel = page.getByTestId("mobile-more-panel");
    await expect(panel.getByRole("link")).toHaveText([
      "Templates",
      "Customers",
      "Quotes",
      "Invoices",
      "Timesheets",
      "Numbers",
      "Subscription",
    ]);
    // Escape closes the list; a link in it opens its screen and closes it too.
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await more.click();
    await panel.getByRole("link", { name: "Timesheets" }).click();
    await expect(page).toHaveURL(/\/timesheets$/);
    await expect(panel).toBeHidden();
    await expect(more).toHaveClass(/is-active/);
  });

  test("the root path counts as the schedule in the navigation", async ({ page, owner }) => {
    expect(owner.companyId).toBeTruthy();
    await page.goto("/");
    const nav = page.getByTestId(isPhone(page) ? "mobile-bar" : "desktop-nav");
    await expect(nav.getByRole("link", { name: "Schedule" })).toHaveAttribute("aria-current", "page");
  });
});
