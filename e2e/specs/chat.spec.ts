import type { Browser, Page, TestInfo } from "@playwright/test";
import { addEmployee, api, expect, freshPage, type Owner, selectCompany, test } from "../fixtures";

/** The same account in a second browser (its own cookies and socket), sized like this project's pages. */
async function secondBrowser(browser: Browser, testInfo: TestInfo, owner: Owner): Promise<Page> {
  const page = await freshPage(browser, testInfo);
  const res = await page.request.post("/api/login", {
    data: { email: owner.email, password: owner.password },
  });
  expect(res.status()).toBe(200);
  await selectCompany(page, owner.companyId);
  return page;
}

/** The first screen of a fresh browser loads the app and its chunks: give it time on a busy machine. */
const FIRST_LOAD = { timeout: 20_000 };

async function openChat(page: Page) {
  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: "Team Chat" })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live", FIRST_LOAD);
  await expect(page.getByTestId("chat-loading")).toHaveCount(0, FIRST_LOAD);
}

const messageInput = (page: Page) => page.getByRole("textbox", { name: "Message" });
const messages = (page: Page) => page.getByTestId("chat-message");

test.describe("Team Chat", () => {
  // Two browsers load the whole app each: on a busy machine that takes a while.
  test.describe.configure({ timeout: 90_000 });

  test("empty state, the team directory, Enter sends as oneself and Shift+Enter starts a new line", async ({
    page,
    owner,
  }, testInfo) => {
    await addEmployee(page, owner.companyId, "Bea Brooks");
    await openChat(page);
    await expect(page.getByText("No messages yet. Start the conversation!")).toBeVisible();
    // The list is the team who sign in, not a "send as" picker: the roster alone is not in it.
    await expect(page.getByTestId("chat-person")).toHaveCount(1);
    await expect(page.getByTestId("chat-person")).toContainText("Olive Owner (you)");
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

    await messageInput(page).fill("   ");
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    await messageInput(page).fill("Line one");
    await messageInput(page).press("Shift+Enter");
    await messageInput(page).pressSequentially("Line two");
    await messageInput(page).press("Enter");
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first().getByTestId("chat-message-author")).toHaveText("Olive Owner");
    expect(await messages(page).first().locator(".chat-message__text").innerText()).toBe(
      "Line one\nLine two",
    );
    await expect(messageInput(page)).toHaveValue("");
    await page.screenshot({ path: testInfo.outputPath("chat.png"), fullPage: false });
  });

  test("a message sent in one browser appears in the other within a second, without the poll", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    await addEmployee(page, owner.companyId, "Pat Plumber", "blue");
    const other = await secondBrowser(browser, testInfo, owner);
    await openChat(page);
    await openChat(other);
    await expect(other.getByText("No messages yet. Start the conversation!")).toBeVisible();
    // From now on the other browser's polls find nothing new: only the push can bring the message.
    let polls = 0;
    await other.route(/\/api\/chat\?/, (route) => {
      polls++;
      return route.fulfill({ status: 304 });
    });

    await messageInput(page).fill("Truck 2 is at the yard");
    await messageInput(page).press("Enter");
    await expect(other.getByText("Truck 2 is at the yard")).toBeVisible({ timeout: 1000 });
    await expect(other.getByTestId("chat-message")).toHaveCount(1);
    // The poll keeps running next to the push.
    await expect.poll(() => polls, { timeout: 8000 }).toBeGreaterThan(0);
    await other.context().close();
  });

  test("markup in a message shows as text and never runs", async ({ page, owner, browser }, testInfo) => {
    await addEmployee(page, owner.companyId, "Pat Plumber", "blue");
    const other = await secondBrowser(browser, testInfo, owner);
    const dialogs: string[] = [];
    for (const p of [page, other]) p.on("dialog", (dialog) => dialogs.push(dialog.message()));
    await openChat(page);
    await openChat(other);

    const markup = "<img src=x onerror=alert(1)>";
    await messageInput(page).fill(markup);
    await messageInput(page).press("Enter");
    for (const p of [page, other]) {
      const text = p.getByTestId("chat-message").locator(".chat-message__text");
      await expect(text).toHaveText(markup);
      await expect(p.getByTestId("chat-messages").locator("img")).toHaveCount(0);
    }
    // And after a reload, from the list call rather than the push.
    await other.reload();
    await expect(other.getByTestId("chat-message").locator(".chat-message__text")).toHaveText(
      markup,
      FIRST_LOAD,
    );
    expect(dialogs).toEqual([]);
    await other.context().close();
  });

  test("a failed send says so and keeps the text", async ({ page, owner }) => {
    await addEmployee(page, owner.companyId, "Pat Plumber", "blue");
    await openChat(page);
    await page.route("**/api/chat", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "boom" }) : route.fallback(),
    );
    await messageInput(page).fill("Did this go?");
    await messageInput(page).press("Enter");
    await expect(page.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(messageInput(page)).toHaveValue("Did this go?");
    await expect(page.getByTestId("chat-message")).toHaveCount(0);
  });

  test("stays with the newest message, unless the reader has scrolled up", async ({ page, owner }) => {
    // 26 and 2 more: within one member's 30 messages a minute (docs/realtime.md).
    for (let i = 1; i <= 26; i++) {
      await api(page, "POST", "/api/chat", {
        companyId: owner.companyId,
        message: `Update ${i}`,
      });
    }
    await openChat(page);
    const log = page.getByTestId("chat-messages");
    await expect(page.getByText("Update 26")).toBeInViewport();

    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(page.getByText("Update 26")).not.toBeInViewport();
    await api(page, "POST", "/api/chat", {
      companyId: owner.companyId,
      message: "Update 27",
    });
    const jump = page.getByRole("button", { name: "New messages" });
    await expect(jump).toBeVisible();
    await expect(page.getByText("Update 1", { exact: true })).toBeInViewport();

    await jump.click();
    await expect(page.getByText("Update 27")).toBeInViewport();
    await api(page, "POST", "/api/chat", {
      companyId: owner.companyId,
      message: "Update 28",
    });
    await expect(page.getByText("Update 28")).toBeInViewport();
    await expect(jump).toBeHidden();
  });
});
