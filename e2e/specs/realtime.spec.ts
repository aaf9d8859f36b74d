import type { Browser, Page, TestInfo } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { openBoard } from "../board";
import { addEmployee, api, expect, freshPage, isPhone, type Owner, selectCompany, test } from "../fixtures";
import { memberPage } from "../members";

const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const THURSDAY = "2031-03-06";
const FIRST_LOAD = { timeout: 30_000 };

/** The owner again, in a browser of their own (own cookies, own socket). */
async function ownerElsewhere(browser: Browser, testInfo: TestInfo, owner: Owner): Promise<Page> {
  const page = await freshPage(browser, testInfo);
  const res = await page.request.post("/api/login", {
    data: { email: owner.email, password: owner.password },
  });
  expect(res.status()).toBe(200);
  await selectCompany(page, owner.companyId);
  return page;
}

/** Invites a member and accepts as them in a browser of their own, signed in with the company selected. */
const addMember = (
  page: Page,
  owner: Owner,
  browser: Browser,
  testInfo: TestInfo,
  { role, ...name }: { firstName: string; lastName: string; role: "admin" | "employee" },
): Promise<Page> => memberPage(page, owner, role, browser, testInfo, { name });

async function openLiveBoard(page: Page, url: string) {
  await openBoard(page, url);
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live", FIRST_LOAD);
}

const cardIn = (page: Page, scope: string, location: string) =>
  page.getByTestId(scope).getByTestId("job-card").filter({ hasText: location });

/** Marks the document, so a later check can tell that the page was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => document.body.setAttribute("data-e2e-mark", "kept"));
const expectSameDocument = async (page: Page) =>
  expect(await page.evaluate(() => document.body.getAttribute("data-e2e-mark"))).toBe("kept");

test.describe("live updates between browsers", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a job moved in one browser moves in the other", async ({ page, owner, browser }, testInfo) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const maria = await addEmployee(page, owner.companyId, "Maria Chen", "purple");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Repair",
      location: "12 Live St",
      date: WEDNESDAY,
      time: "10:00",
    });
    const other = await ownerElsewhere(browser, testInfo, owner);

    if (isPhone(page)) {
      // Phones show one day: the other browser watches the day the job moves to.
      await openLiveBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
      await openLiveBoard(other, `/schedule?week=${MONDAY}&day=${THURSDAY}`);
      await markDocument(other);
      await expect(other.getByTestId(`daily-${luis.id}`).getByText("No jobs this day")).toBeVisible();
      await cardIn(page, `daily-${luis.id}`, "12 Live St").tap();
      const edit = page.locator(".ant-modal").filter({ hasText: "Edit Job" });
      await edit.getByLabel("Date").fill(THURSDAY);
      await edit.getByRole("button", { name: "Update Job" }).tap();
      await expect(cardIn(other, `daily-${luis.id}`, "12 Live St")).toBeVisible();
    } else {
      await openLiveBoard(page, `/schedule?week=${MONDAY}`);
      await openLiveBoard(other, `/schedule?week=${MONDAY}`);
      await markDocument(other);
      await expect(cardIn(other, `cell-${luis.id}-${WEDNESDAY}`, "12 Live St")).toBeVisible();
      await cardIn(page, `cell-${luis.id}-${WEDNESDAY}`, "12 Live St").dragTo(
        page.getByTestId(`cell-${maria.id}-${THURSDAY}`),
      );
      await expect(cardIn(other, `cell-${maria.id}-${THURSDAY}`, "12 Live St")).toBeVisible();
      await expect(cardIn(other, `cell-${luis.id}-${WEDNESDAY}`, "12 Live St")).toHaveCount(0);
    }
    await expectSameDocument(other);
    await other.screenshot({ path: testInfo.outputPath("moved-in-other-browser.png") });
    await other.context().close();
  });

  test("the board shows who else views the same week", async ({ page, owner, browser }, testInfo) => {
    const rita = await addMember(page, owner, browser, testInfo, {
      firstName: "Rita",
      lastName: "Ruiz",
      role: "employee",
    });
    await openLiveBoard(page, `/schedule?week=${MONDAY}`);
    await expect(page.getByTestId("presence-avatars")).toHaveCount(0);

    await openLiveBoard(rita, `/schedule?week=${MONDAY}`);
    const presence = page.getByTestId("presence-avatars");
    await expect(presence).toContainText("Rita Ruiz is also viewing this week");
    await expect(presence.getByLabel("Rita Ruiz")).toHaveText("RR");
    await expect(rita.getByTestId("presence-avatars")).toContainText("Olive Owner is also viewing this week");
    await page.screenshot({ path: testInfo.outputPath("presence.png") });

    // Rita steps to the next week: she is no longer on the owner's.
    await rita.getByRole("button", { name: "Next week" }).click();
    await expect(presence).toHaveCount(0);
    await rita.getByRole("button", { name: "Previous week" }).click();
    await expect(presence).toContainText("Rita Ruiz");
    await rita.context().close();
    await expect(presence).toHaveCount(0);
  });

  test("the bell rings for another member's change and can be marked as read", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const adam = await addMember(page, owner, browser, testInfo, {
      firstName: "Adam",
      lastName: "Admin",
      role: "admin",
    });
    const pat = await addEmployee(page, owner.companyId, "Pat Plumber", "blue");
    // The owner does jobs too: linked to Pat on the roster, Pat's new jobs are the owner's news.
    await api(page, "PUT", `/api/companies/${owner.companyId}/users/${owner.userId}`, { employeeId: pat.id });
    await openLiveBoard(page, `/schedule?week=${MONDAY}`);
    const bell = page.getByTestId("notification-bell");
    // Adam joining (the invitation) is already news for the owner; read it first, on a
    // connection so slow that the request is still on its way when the next news arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/notifications/read", async (route) => {
      await held;
      await route.continue();
    });
    await bell.click();
    await expect(page.getByTestId("notification-item").first()).toContainText("joined");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByTestId("notification-item").first()).toHaveAttribute("data-read", "true");
    await expect(bell).toHaveAccessibleName("Notifications");
    await page.keyboard.press("Escape");

    // The admin adds a job for Pat in their own browser: the owner's bell counts it at once.
    await api(adam, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: pat.id,
      type: "Repair",
      location: "9 Bell St",
      date: WEDNESDAY,
      time: "14:00",
    });
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
    // The read arrives now: it covers what the owner saw, not the news that came after it.
    const bellAgain = page.waitForResponse(
      (res) => res.url().includes("/api/notifications?") && res.request().method() === "GET",
    );
    const readAnswer = page.waitForResponse((res) => res.url().endsWith("/api/notifications/read"));
    release();
    expect((await readAnswer).status()).toBe(204);
    await bellAgain;
    await page.unroute("**/api/notifications/read");
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
    await bell.click();
    const newest = page.getByTestId("notification-item").first();
    await expect(newest).toContainText("Adam Admin assigned you a 2:00 PM Repair at 9 Bell St");
    await expect(newest).toHaveAttribute("data-read", "false");
    await page.screenshot({ path: testInfo.outputPath("bell.png") });
    // Opened, the entry is read (it alone: Mark all as read is above).
    const read = page.waitForResponse((res) => res.url().endsWith("/api/notifications/read"));
    await newest.click();
    expect((await read).status()).toBe(204);
    // The bell counts it read; the job it names opens (its dialog covers the bell).
    await expect(bell).toHaveAccessibleName("Notifications");
    await adam.context().close();
  });

  test("a dropped connection says Reconnecting, comes back Live and catches up", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    // The page's socket goes through this route, so the test can cut it like a lost network.
    const sockets: { close: () => Promise<void> }[] = [];
    let isCut = false;
    let hasUpgraded = false;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (isCut) return ws.close();
      const server = ws.connectToServer();
      // Engine.IO's "5" moves the connection from HTTP polling onto this WebSocket.
      ws.onMessage((message) => {
        if (message === "5") hasUpgraded = true;
        server.send(message);
      });
      sockets.push(ws);
    });
    // Socket.IO reconnects over HTTP long-polling first: that is cut too.
    await page.route(/\/socket\.io\//, (route) => (isCut ? route.abort() : route.fallback()));
    const scope = isPhone(page) ? `daily-${luis.id}` : `cell-${luis.id}-${WEDNESDAY}`;
    await openLiveBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    await markDocument(page);
    // Socket.IO starts over HTTP and moves to its WebSocket a moment later: cut it once there.
    await expect.poll(() => hasUpgraded).toBe(true);

    isCut = true;
    await Promise.all(sockets.map((ws) => ws.close()));
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "reconnecting");
    await expect(page.getByTestId("connection-status")).toHaveAccessibleName(/reconnecting/i);
    await page.screenshot({ path: testInfo.outputPath("reconnecting.png") });

    // Made elsewhere while this page hears nothing.
    const other = await ownerElsewhere(browser, testInfo, owner);
    await api(other, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Inspection",
      location: "3 Missed Ln",
      date: WEDNESDAY,
      time: "08:00",
    });
    await page.waitForTimeout(1000);
    await expect(cardIn(page, scope, "3 Missed Ln")).toHaveCount(0);

    isCut = false;
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live", {
      timeout: 20_000,
    });
    await expect(cardIn(page, scope, "3 Missed Ln")).toBeVisible();
    await expectSameDocument(page);
    await other.context().close();
  });
});
