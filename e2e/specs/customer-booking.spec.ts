/**
 * The customer's pages (docs/customer-pages.md): a company turns online booking on, a
 * customer books on /book/<slug> with the keyboard alone, follows the visit on its page,
 * moves it, leaves a note and cancels it; a window taken meanwhile is offered again, and
 * the visit page follows On my way; a request (approve first) is booked inside another
 * site's iframe, and nothing else may be framed. axe runs on each page (its script needs
 * the CSP lifted).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { expectAxeClean } from "../customer-axe";
import { addEmployee, api, freshPage, type Owner, test } from "../fixtures";
import { expect, tabTo } from "../keyboard";

/** Online booking on, through the office's API: one service, the default windows, straight onto the board. */
async function openBooking(page: Page, owner: Owner, extra: Record<string, unknown> = {}): Promise<string> {
  const slug = `e2e-${owner.companyId.slice(0, 8)}`;
  await api(page, "PUT", `/api/companies/${owner.companyId}/booking-settings`, {
    enabled: true,
    slug,
    phone: "+15550100100",
    services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: [], priceFrom: 9500 }],
    leadHours: 0,
    horizonDays: 21,
    approveFirst: false,
    ...extra,
  });
  return slug;
}

/** The windows step after a search for `address`, by the keyboard: the form sends on Enter. */
async function findWindows(page: Page, address: string) {
  await tabTo(page, page.getByLabel("Address of the visit"));
  await page.keyboard.type(address);
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { name: "Pick an arrival window" });
  await expect(heading).toBeFocused();
  await expect(page.locator(".windows")).toHaveAttribute("aria-busy", "false");
}

const windowRadios = (page: Page) => page.locator("input[name=window]");

/** The date `days` from today, `yyyy-MM-dd` (the company's zone is the machine's, UTC, in e2e). */
const isoDaysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe("the customer's pages", () => {
  test("a customer books with the keyboard, follows the visit, moves it, leaves a note and cancels", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.slow(); // A whole customer's journey over two pages, with axe three times.
    await addEmployee(page, owner.companyId, "Pat Plumber");
    const slug = await openBooking(page, owner);
    const customer = await freshPage(browser, testInfo, { bypassCSP: true });

    await customer.goto(`/book/${slug}`);
    await expect(customer.getByRole("heading", { level: 1, name: owner.companyName })).toBeVisible();
    // The one service is chosen already; its length and its price from are said.
    const service = customer.getByRole("radio", { name: /Repair/ });
    await expect(service).toBeChecked();
    await expect(customer.getByText("1 h · from $95")).toBeVisible();

    await findWindows(customer, "12 Elm St, Springfield");
    await expect(windowRadios(customer).first()).toBeVisible();
    await expectAxeClean(customer);
    // By the keyboard: Tab into the group, Space picks its first window, the arrows move on
    // to the first window two days ahead (a visit tomorrow may be past the company's cutoff).
    await tabTo(customer, windowRadios(customer).first());
    await customer.keyboard.press("Space");
    const checked = customer.locator("input[name=window]:checked");
    const later = isoDaysAhead(2);
    while (((await checked.getAttribute("value")) ?? "") < later) await customer.keyboard.press("ArrowDown");
    const booked = (await checked.getAttribute("value")) ?? "";
    const chosenDay = await customer.locator("fieldset:has(input[name=window]:checked) legend").innerText();
    await tabTo(customer, customer.getByRole("button", { name: "Continue" }));
    await customer.keyboard.press("Enter");
    await expect(customer.getByRole("heading", { name: "Your details" })).toBeFocused();

    // Book without a way to reach them: the page says what is missing, at the field.
    await tabTo(customer, customer.getByLabel("Your name"));
    await customer.keyboard.type("Carla Customer");
    await tabTo(customer, customer.getByRole("button", { name: "Book" }));
    await customer.keyboard.press("Enter");
    await expect(customer.getByRole("alert")).toHaveText("Give a phone number or an e-mail address");
    await expect(customer.getByLabel("Phone")).toBeFocused();
    await customer.keyboard.type("+1 555 010 0199");
    await tabTo(customer, customer.getByLabel("Note for the technician (optional)"));
    await customer.keyboard.type("The gate code is 1234");
    await tabTo(customer, customer.getByRole("button", { name: "Book" }));
    await customer.keyboard.press("Enter");
    await expect(customer.getByRole("heading", { name: "You're booked" })).toBeFocused();
    await expectAxeClean(customer);

    // The visit page, from the link the booking answered.
    await customer.getByRole("link", { name: "See your visit" }).click();
    await expect(customer).toHaveURL(/\/visit\/[^/]+$/);
    await expect(customer.getByRole("heading", { level: 1 })).toHaveText(
      `Your visit with ${owner.companyName}`,
    );
    await expect(customer.getByRole("status").filter({ hasText: "Booked" })).toBeVisible();
    await expect(customer.getByText(chosenDay)).toBeVisible();
    await expect(customer.getByText("Pat", { exact: true })).toBeVisible();
    await expect(customer.locator(".facts a.phone")).toHaveAttribute("href", "tel:+15550100100");
    await expectAxeClean(customer);

    // Reschedule: another window, confirmed.
    const before = await customer.locator(".facts").innerText();
    await customer.getByRole("button", { name: "Reschedule" }).click();
    await expect(customer.getByRole("heading", { name: "Pick a new window" })).toBeFocused();
    // Another window still past the cutoff, so Cancel stays open after the move.
    await expect(customer.locator(".windows")).toHaveAttribute("aria-busy", "false");
    const values = await windowRadios(customer).evaluateAll((radios) =>
      radios.map((radio) => (radio as HTMLInputElement).value),
    );
    const moved = values.filter((value) => value >= later && value !== booked)[1];
    await customer.locator(`input[name=window][value="${moved}"]`).check();
    await customer.getByRole("button", { name: /^Move my visit to / }).click();
    await expect(customer.getByText("Your visit has moved.")).toBeVisible();
    await expect(customer.locator(".facts")).not.toHaveText(before);

    // A note for the technician.
    await customer.getByLabel("Note", { exact: true }).fill("The dog is friendly");
    await customer.getByRole("button", { name: "Send to the technician" }).click();
    await expect(customer.getByText("Sent to the technician.")).toBeVisible();
    await expect(customer.getByText("The dog is friendly")).toBeVisible();

    // Cancel, after a confirm step.
    await customer.getByRole("button", { name: "Cancel visit" }).click();
    await expect(customer.getByRole("heading", { name: "Cancel this visit?" })).toBeFocused();
    await customer.getByRole("button", { name: "Yes, cancel the visit" }).click();
    await expect(customer.getByRole("status").filter({ hasText: "Cancelled" })).toBeVisible();
    await expect(customer.getByRole("button", { name: "Reschedule" })).toHaveCount(0);
  });

  test("a window taken meanwhile is offered again, fresh; the visit page follows On my way", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    await addEmployee(page, owner.companyId, "Pat Plumber");
    // One online booking a day: whoever books first takes the day.
    const slug = await openBooking(page, owner, { dailyCap: 1 });
    const customer = await freshPage(browser, testInfo);
    await customer.goto(`/book/${slug}`);
    await findWindows(customer, "12 Elm St, Springfield");
    const first = windowRadios(customer).first();
    await first.check();
    const [date, start] = (await first.getAttribute("value"))!.split(" ");
    await customer.getByRole("button", { name: "Continue" }).click();
    await customer.getByLabel("Your name").fill("Carla Customer");
    await customer.getByLabel("E-mail").fill("carla@example.test");

    // Someone else books that window first.
    const other = await customer.request.post(`/api/public/companies/${slug}/bookings`, {
      data: {
        service: "Repair",
        address: "1 Oak St",
        date,
        start,
        name: "Quick Quinn",
        email: "quinn@example.test",
      },
      headers: { "Idempotency-Key": `other-${Date.now()}` },
    });
    expect(other.status(), await other.text()).toBe(201);

    await customer.getByRole("button", { name: "Book" }).click();
    await expect(customer.getByRole("heading", { name: "Pick an arrival window" })).toBeFocused();
    await expect(customer.getByRole("alert")).toHaveText("That window was just taken: pick another");
    await expect(customer.locator(`input[name=window][value="${date} ${start}"]`)).toHaveCount(0);
    await expect(windowRadios(customer).first()).toBeVisible();

    // Another window then, and the visit page follows the technician live.
    await windowRadios(customer).first().check();
    const [day] = (await windowRadios(customer).first().getAttribute("value"))!.split(" ");
    await customer.getByRole("button", { name: "Continue" }).click();
    await customer.getByRole("button", { name: "Book" }).click();
    await customer.getByRole("link", { name: "See your visit" }).click();
    await expect(customer.getByRole("status").filter({ hasText: "Booked" })).toBeVisible();
    const jobs = await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&startDate=${day}&endDate=${day}`,
    );
    const job = jobs.find((one) => one.location === "12 Elm St, Springfield")!;
    // The technician taps On my way from a phone 9.87 km off (as visit-arrival.spec.ts):
    // the page says when they should arrive.
    await api(page, "PUT", `/api/jobs/${job.id}/place`, {
      companyId: owner.companyId,
      lat: 41.7943,
      lng: -87.5907,
    });
    const placed = await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&startDate=${day}&endDate=${day}`,
    );
    const version = placed.find((one) => one.id === job.id)!.version;
    await api(page, "PUT", `/api/jobs/${job.id}`, {
      onMyWay: true,
      from: { lat: 41.8781, lng: -87.6298 },
      version,
    });
    // The page asks again when it comes back into view (and every 15 seconds while in view).
    await customer.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(
      customer.getByRole("status").filter({ hasText: /^On the way: arriving about \d{1,2}:\d{2}/ }),
    ).toBeVisible();
  });

  test("the booking page books inside another site's iframe, at 320 px; links that open nothing say so", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    await addEmployee(page, owner.companyId, "Pat Plumber");
    // This company approves each booking first.
    const slug = await openBooking(page, owner, { approveFirst: true });
    const site = await freshPage(browser, testInfo);
    const bookUrl = new URL(`/book/${slug}`, testInfo.project.use.baseURL).href;
    // The company's own site, on another origin (127.0.0.1 is not localhost to a browser),
    // framing the booking page and, to see the refusal, the office app.
    const officeUrl = new URL("/", bookUrl).href;
    const companySite = createServer((_req, res) => {
      res.setHeader("Content-Type", "text/html");
      res.end(`<!doctype html><title>Our plumbers</title><h1>Our plumbers</h1>
        <iframe src="${bookUrl}" title="Book online" width="360" height="700"></iframe>
        <iframe src="${officeUrl}" title="Office" width="360" height="300"></iframe>`);
    });
    await new Promise<void>((listening) => companySite.listen(0, "127.0.0.1", listening));
    try {
      await site.goto(`http://127.0.0.1:${(companySite.address() as AddressInfo).port}/`);
      const frame = site.frameLocator('iframe[title="Book online"]');
      await expect(frame.getByRole("heading", { level: 1, name: owner.companyName })).toBeVisible();
      await expect(frame.getByRole("radio", { name: /Repair/ })).toBeChecked();
      await frame.getByLabel("Address of the visit").fill("12 Elm St, Springfield");
      await frame.getByRole("button", { name: "Find arrival windows" }).click();
      await frame.locator("input[name=window]").first().check();
      await frame.getByRole("button", { name: "Continue" }).click();
      await frame.getByLabel("Your name").fill("Carla Customer");
      await frame.getByLabel("E-mail").fill("carla@example.test");
      await frame.getByRole("button", { name: "Book" }).click();
      await expect(frame.getByRole("heading", { name: "Request sent: we'll confirm soon" })).toBeVisible();
      // The visit page may not be framed: it opens in a tab of its own.
      const [visit] = await Promise.all([
        site.waitForEvent("popup"),
        frame.getByRole("link", { name: "See your visit" }).click(),
      ]);
      await expect(
        visit.getByRole("status").filter({ hasText: "Requested: we'll confirm soon" }),
      ).toBeVisible();
      // The browser refuses to draw the office app in the frame: it shows its own error page.
      await expect
        .poll(() => site.frames().map((one) => one.url()))
        .toContainEqual(expect.stringMatching(/^chrome-error:/));
      expect(site.frames().map((one) => one.url())).not.toContain(officeUrl);
    } finally {
      companySite.close();
    }

    // Only the booking page may be framed.
    const booking = await site.request.get(bookUrl);
    expect(booking.headers()["x-frame-options"]).toBeUndefined();
    expect(booking.headers()["content-security-policy"]).toContain("frame-ancestors *");
    for (const path of ["/", "/visit/not-a-token", "/login"]) {
      const answer = await site.request.get(path);
      expect(answer.headers()["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(answer.headers()["content-security-policy"], path).toContain("frame-ancestors 'self'");
    }

    // At 320 px nothing runs off the side.
    await site.setViewportSize({ width: 320, height: 640 });
    await site.goto(bookUrl);
    await expect(site.getByRole("heading", { level: 1, name: owner.companyName })).toBeVisible();
    expect(await site.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await site.goto("/book/no-such-company");
    await expect(site.getByRole("heading", { name: "Online booking is not available" })).toBeVisible();
    await site.goto("/visit/not-a-token");
    await expect(site.getByRole("heading", { name: "This visit link is not valid" })).toBeVisible();
  });
});
