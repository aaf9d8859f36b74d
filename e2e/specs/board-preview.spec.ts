import type { Request, Route } from "@playwright/test";
import { openBoard } from "../board";
import { addEmployee, api, expect, isPhone, test } from "../fixtures";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-04-07";
const TUESDAY = "2031-04-08";
/** The app's own code: the page's module script. The early script and the preview's are classic scripts. */
const APP_ENTRY = /\/assets\/index-[^/]*\.js$/;
const PAINTER = /\/assets\/painter-[^/]*\.js$/;
/** A location that looks like markup: the preview must show it as text. */
const MARKUP_LOCATION = '<img src=x onerror="window.__previewRan = true"> 2 Tag St';

test.describe("the board preview", () => {
  test("a returning dispatcher sees the week before the app has started, then the app's own board in its place", async ({
    page,
    owner,
  }) => {
    test.skip(isPhone(page), "a phone opens on the Daily View, which the preview does not stand for");
    const { companyId } = owner;
    const pia = await addEmployee(page, companyId, "Pia Preview");
    for (const [time, location] of [
      ["09:00", "1 Preview Way"],
      ["13:00", MARKUP_LOCATION],
    ]) {
      await api(page, "POST", "/api/jobs", {
        companyId,
        employeeId: pia.id,
        type: "Repair",
        location,
        date: TUESDAY,
        time,
        paymentStatus: "paid",
        amount: "120.00",
      });
    }
    const url = `/schedule?week=${MONDAY}`;
    // The first visit: the board notes where its grid sits on this device.
    await openBoard(page, url);

    // The app's code is held back; the early script and the preview's script do not wait for it.
    const held: Route[] = [];
    await page.route(APP_ENTRY, (route) => {
      held.push(route);
    });
    await page.goto(url, { waitUntil: "commit" });
    const preview = page.locator("#board-preview");
    const previewCell = preview.locator(".week-grid__row").filter({ hasText: "Pia Preview" });
    await expect(previewCell.locator(".job-card").first()).toContainText("Repair");
    await expect(previewCell.locator(".job-card").first()).toContainText("9:00 AM–10:00 AM");
    await expect(previewCell.locator(".job-card").first()).toContainText("1 Preview Way");
    await expect(previewCell.locator(".job-card").first()).toContainText("Paid");
    await expect(previewCell.locator(".job-card").first()).toContainText("$120.00");
    await expect(preview.locator(".week-grid__day").nth(1)).toContainText("Apr 8");
    // Written as text, never as markup.
    await expect(previewCell.locator(".job-card").nth(1)).toContainText(MARKUP_LOCATION);
    expect(await page.evaluate(() => (window as { __previewRan?: boolean }).__previewRan)).toBeUndefined();
    // Seen, not used: nothing in it can be focused or clicked, and screen readers wait for the board.
    await expect(preview).toHaveAttribute("inert", "");
    await expect(preview).toHaveAttribute("aria-hidden", "true");
    await expect(previewCell.locator(".job-card").first()).not.toBeFocused();

    // The app starts: its own board takes the preview's place, with the same cards.
    for (const route of held) await route.continue();
    const cell = page.getByTestId(`cell-${pia.id}-${TUESDAY}`);
    await expect(cell.getByTestId("job-card")).toHaveCount(2);
    await expect(preview).toHaveCount(0);
    await expect(cell.getByTestId("job-card").first()).toContainText("1 Preview Way");
    await cell.getByTestId("job-card").first().click();
    await expect(page.getByRole("dialog")).toContainText("Edit Job");
  });

  test("no preview where it would not stand for the screen: a phone, another view, another page", async ({
    page,
    owner,
  }) => {
    const painterRequests: Request[] = [];
    page.on("request", (request) => {
      if (PAINTER.test(request.url())) painterRequests.push(request);
    });
    // The lists the early script asks for have answered by the time the preview would paint.
    const jobsAnswered = (url: string) =>
      Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === "/api/jobs"),
        page.goto(url),
      ]);
    await addEmployee(page, owner.companyId, "Pia Preview");
    if (isPhone(page)) {
      await jobsAnswered(`/schedule?week=${MONDAY}`);
      await expect(page.getByRole("tablist", { name: "Schedule views" })).toBeVisible();
    }
    await jobsAnswered(`/schedule?week=${MONDAY}&view=day`);
    await expect(page.getByRole("tab", { name: "Daily View" })).toHaveAttribute("aria-selected", "true");
    expect(painterRequests).toHaveLength(0);
    await expect(page.locator("#board-preview")).toHaveCount(0);

    await page.goto("/employees");
    await expect(page.getByText("Pia Preview")).toBeVisible();
    expect(painterRequests).toHaveLength(0);
    await expect(page.locator("#board-preview")).toHaveCount(0);
  });
});
