/**
 * A way back in (docs/auth.md): "Forgot password?" on the sign-in
 * page, the link in the e-mail the worker wrote to the outbox, a new password that signs
 * this browser in and every other session out; and the owner sending a member a link
 * from the Team screen.
 */
import { expect as baseExpect, freshPage, isPhone, test } from "../fixtures";
import { memberPage } from "../members";
import { linkFromOutbox } from "../outbox";

// Each step waits for a server round trip or the worker's outbox: allow a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });
/** A fresh browser loads the whole app first. */
const FIRST_LOAD = { timeout: 45_000 };
const NEW_PASSWORD = "a-brand-new-password-7";
const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]{43}/;

test.describe("a forgotten password", () => {
  // A second browser and a round trip through the worker's outbox: more than one page's budget.
  test.slow();

  test("sign-in page → Forgot password? → the e-mailed link → a new password, signed in; the old session ends", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    // The owner's own browser is signed in: that session must end with the new password.
    expect((await page.request.get("/api/user")).status()).toBe(200);

    const visitor = await freshPage(browser, testInfo);
    await visitor.goto("/login");
    await visitor.getByRole("link", { name: "Forgot password?" }).click(FIRST_LOAD);
    await expect(visitor.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await visitor.getByLabel("Email").fill(owner.email);
    await visitor.getByRole("button", { name: "Send reset link" }).click();
    await expect(visitor.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    await expect(visitor.getByText(/If an account uses this address/)).toBeVisible();

    const link = await linkFromOutbox(owner.email, RESET_LINK, "a password reset e-mail");
    expect(new URL(link).origin).toBe(new URL(testInfo.project.use.baseURL as string).origin);
    await visitor.goto(link);
    await expect(visitor.getByRole("heading", { name: "Choose a new password" })).toBeVisible(FIRST_LOAD);
    const field = visitor.getByLabel("New password");
    await field.fill("short");
    await visitor.getByRole("button", { name: "Save new password" }).click();
    await expect(visitor.getByText("Password must be at least 8 characters")).toBeVisible();
    await field.fill(NEW_PASSWORD);
    await visitor.getByRole("button", { name: "Save new password" }).click();

    await expect(visitor.getByText("Your new password is set")).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Weekly Schedule" })).toBeVisible(FIRST_LOAD);
    await expect(visitor.getByTestId(isPhone(visitor) ? "mobile-bar" : "desktop-nav")).toBeVisible();
    // The session the owner had before is over; the new password signs in, the old one does not.
    expect((await page.request.get("/api/user")).status()).toBe(401);
    const old = await page.request.post("/api/login", {
      data: { email: owner.email, password: owner.password },
    });
    expect(old.status()).toBe(401);

    // The link works once.
    await visitor.goto(link);
    await visitor.getByLabel("New password").fill("yet-another-password-8");
    await visitor.getByRole("button", { name: "Save new password" }).click();
    await expect(visitor.getByRole("alert")).toContainText("expired or was already used");
    await expect(visitor.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  test("the owner sends a member a reset link from the Team screen", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const member = await memberPage(page, owner, "employee", browser, testInfo, {
      name: { firstName: "Mia", lastName: "Member" },
    });
    const { email } = (await (await member.request.get("/api/user")).json()) as { email: string };

    await page.goto("/team");
    await expect(page.getByRole("heading", { name: "Team Management" })).toBeVisible(FIRST_LOAD);
    await page.getByRole("button", { name: "Send Mia Member a password reset link" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Mia Member a password reset link?" });
    await expect(dialog).toContainText(email);
    await dialog.getByRole("button", { name: "Send link" }).click();
    await expect(page.getByText("Reset link sent")).toBeVisible();

    const link = await linkFromOutbox(email, RESET_LINK, "a password reset e-mail");
    await member.goto(link);
    await member.getByLabel("New password").fill(NEW_PASSWORD);
    await member.getByRole("button", { name: "Save new password" }).click();
    await expect(member.getByText("Your new password is set")).toBeVisible(FIRST_LOAD);
  });
});
