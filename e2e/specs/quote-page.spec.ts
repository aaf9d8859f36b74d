/**
 * The customer's quote page (docs/quotes.md): the office makes a quote of two options through
 * the API and sends it; the customer opens the link (desktop and phone projects), ticks an
 * optional item, chooses Better, signs with their name and approves by the keyboard. The
 * approved option is then a job in the Unscheduled tray (checked through the API). axe on
 * each state, and nothing runs off the side at 320 px.
 */

import type { Page } from "@playwright/test";
import { type JobDTO, type QuoteDTO, type QuoteSendResultDTO, weekStartOf } from "@sched/shared-types";
import { openBoard } from "../board";
import { expectAxeClean } from "../customer-axe";
import { addEmployee, api, freshPage, type Owner, test } from "../fixtures";
import { expect, tabTo } from "../keyboard";

const usd = (amount: number) => ({ amount, currency: "USD" });

/** Good (one visit, 120.00) and Better (the visit and a part, and an optional filter 25.00), sent. */
async function sentQuote(
  page: Page,
  owner: Owner,
  deposit: object | null = null,
): Promise<QuoteSendResultDTO> {
  const customer = await api<{ id: string }>(page, "POST", "/api/customers", {
    companyId: owner.companyId,
    name: "Pat Customer",
    email: "pat@example.test",
    address: "4 Elm St",
  });
  const visit = { name: "Boiler service", quantity: 1, unitPrice: usd(12_000) };
  const quote = await api<QuoteDTO>(page, "POST", "/api/quotes", {
    companyId: owner.companyId,
    customerId: customer.id,
    expiresOn: "2999-12-31",
    notes: "Parts are guaranteed for two years.",
    deposit,
    options: [
      { name: "Good", lines: [visit] },
      {
        name: "Better",
        lines: [
          visit,
          { name: "New valve", quantity: 2, unitPrice: usd(3_050), discountPercent: 10 },
          { name: "Filter", quantity: 1, unitPrice: usd(2_500), optional: true },
        ],
      },
    ],
  });
  return api<QuoteSendResultDTO>(page, "POST", `/api/quotes/${quote.id}/send`, { channel: "email" });
}

test.describe("the quote page", () => {
  test("the customer opens the link, adds an option's extra and approves it: a job in the tray", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.slow(); // Two pages and axe three times.
    const sent = await sentQuote(page, owner);
    expect(sent.url).toMatch(/\/quote\/[^/]+$/);
    const customer = await freshPage(browser, testInfo);
    await customer.goto(new URL(sent.url).pathname);

    await expect(customer.getByRole("heading", { level: 1 })).toHaveText(
      `Quote Q-${sent.quote.number} from ${owner.companyName}`,
    );
    await expect(customer.getByRole("status")).toContainText("Waiting for your answer");
    const better = customer.getByRole("region", { name: "Better" });
    // 120.00 + 2 x 30.50 less 10 % (54.90): 174.90 before the filter.
    await expect(better.locator(".totals")).toContainText("$174.90");
    await expectAxeClean(customer);
    await expect
      .poll(async () => (await api<QuoteDTO>(page, "GET", `/api/quotes/${sent.quote.id}`)).status)
      .toBe("viewed");

    // By the keyboard: tick the filter (which chooses Better), sign, approve.
    const filter = better.getByRole("checkbox", { name: /Filter/ });
    await tabTo(customer, filter);
    await customer.keyboard.press("Space");
    await expect(better.getByRole("radio", { name: "Choose Better ($199.90)" })).toBeChecked();
    const name = customer.getByRole("textbox", { name: "Type your full name to sign" });
    await tabTo(customer, name);
    await customer.keyboard.type("Pat Customer");
    const approve = customer.getByRole("button", { name: "Approve Better for $199.90" });
    await tabTo(customer, approve);
    await customer.keyboard.press("Enter");

    await expect(customer.getByRole("status")).toContainText("Approved");
    await expect(customer.getByText("Pat Customer approved Better")).toBeVisible();
    await expect(customer.getByRole("button", { name: /Approve/ })).toHaveCount(0);
    await expect(customer.locator(".totals")).toContainText("$199.90");
    // No online booking: no time to choose, the office schedules it.
    await expect(customer.getByRole("heading", { name: "Choose a time" })).toHaveCount(0);
    await expectAxeClean(customer);

    // The office: the quote approved, its job waiting in the Unscheduled tray.
    const approved = await api<QuoteDTO>(page, "GET", `/api/quotes/${sent.quote.id}`);
    expect(approved).toMatchObject({ status: "approved", approvedBy: "Pat Customer" });
    expect(approved.jobIds).toHaveLength(1);
    const tray = await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}&unscheduled=true`);
    expect(tray.find((job) => job.id === approved.jobIds[0])).toMatchObject({
      type: "Repair",
      description: `Quote Q-${sent.quote.number}: Better\nParts are guaranteed for two years.`,
      location: "4 Elm St",
      date: null,
    });

    // At 320 px nothing runs off the side.
    await customer.setViewportSize({ width: 320, height: 640 });
    await customer.reload();
    await expect(customer.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test("with online booking the customer picks a time after approving: the job is on the board at once", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.slow(); // Two pages, the board live, axe once.
    await addEmployee(page, owner.companyId, "Pat Plumber");
    await api(page, "PUT", `/api/companies/${owner.companyId}/booking-settings`, {
      enabled: true,
      slug: `e2e-q-${owner.companyId.slice(0, 8)}`,
      services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: [] }],
      leadHours: 0,
      horizonDays: 21,
    });
    const sent = await sentQuote(page, owner);
    const customer = await freshPage(browser, testInfo);
    await customer.goto(new URL(sent.url).pathname);
    await customer.getByRole("radio", { name: /Choose Good/ }).check();
    await customer.getByRole("textbox", { name: "Type your full name to sign" }).fill("Pat Customer");
    await customer.getByRole("button", { name: "Approve Good for $120.00" }).click();
    await expect(customer.getByRole("status").first()).toContainText("Approved");

    const step = customer.getByRole("region", { name: "Choose a time" });
    const first = step.locator("input[name=window]").first();
    await first.check();
    const [date] = ((await first.getAttribute("value")) ?? "").split(" ");
    await expectAxeClean(customer);
    // The office watches that day live while the customer books.
    await openBoard(page, `/schedule?view=day&week=${weekStartOf(date)}&day=${date}`);
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live");
    await step.getByRole("button", { name: /^Book / }).click();
    await expect(customer.getByRole("heading", { name: "Your time" })).toBeFocused();
    await expect(customer.getByText(/You're booked:/)).toBeVisible();

    const approved = await api<QuoteDTO>(page, "GET", `/api/quotes/${sent.quote.id}`);
    await expect(page.locator(`[data-job-id="${approved.jobIds[0]}"]`).first()).toBeVisible();
    const jobs = await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&startDate=${date}&endDate=${date}`,
    );
    expect(jobs.find((job) => job.id === approved.jobIds[0])).toMatchObject({ date, location: "4 Elm St" });
    await customer.context().close();
  });

  test("declining asks for a reason; a link that opens nothing says so", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const sent = await sentQuote(page, owner);
    const customer = await freshPage(browser, testInfo);
    await customer.setViewportSize({ width: 320, height: 640 });
    await customer.goto(new URL(sent.url).pathname);
    await customer.getByRole("button", { name: "Decline…" }).click();
    await customer.getByRole("button", { name: "Decline the quote" }).click();
    await expect(customer.getByRole("alert")).toHaveText("Tell us why, in a few words.");
    await customer.getByRole("textbox", { name: "Why are you declining?" }).fill("Too far away");
    await customer.getByRole("button", { name: "Decline the quote" }).click();
    await expect(customer.getByRole("status")).toContainText("Declined");
    await expect(customer.getByText("You declined this quote")).toBeVisible();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAxeClean(customer);
    await customer.goto("/quote/not-a-token");
    await expect(customer.getByRole("heading", { name: "This quote link is not valid" })).toBeVisible();
  });

  test("a deposit asked on approval is paid by card (demo mode): paid on the quote and on its invoice", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.slow(); // Two pages, a navigation to the demo step, axe once.
    const sent = await sentQuote(page, owner, { kind: "percent", percent: 25 });
    const customer = await freshPage(browser, testInfo);
    await customer.goto(new URL(sent.url).pathname);
    await expect(customer.getByText("Approving asks for a deposit of 25 % of the total")).toBeVisible();
    await customer.getByRole("radio", { name: /Choose Good/ }).check();
    await customer.getByRole("textbox", { name: "Type your full name to sign" }).fill("Pat Customer");
    await customer.getByRole("button", { name: "Approve Good for $120.00" }).click();

    // 25 % of 120.00; without Stripe keys the card step is the page's own demo step.
    const step = customer.getByRole("region", { name: "Deposit" });
    await step.getByRole("button", { name: "Pay the $30.00 deposit" }).click();
    await step.getByRole("button", { name: "Confirm demo payment of $30.00" }).click();
    await expect(step.getByText("Deposit paid: $30.00.")).toBeVisible();
    await expect(step.getByRole("button")).toHaveCount(0);
    await expectAxeClean(customer);

    // The office: the deposit on the quote, then money in on the invoice made from its job.
    const quote = await api<QuoteDTO>(page, "GET", `/api/quotes/${sent.quote.id}`);
    expect(quote.depositPaid).toMatchObject({ amount: usd(3_000), invoiceNumber: null });
    await page.goto(`/quotes/${sent.quote.id}`);
    await expect(page.getByTestId("quote-deposit-facts")).toContainText("Deposit paid");
    await expect(page.getByTestId("quote-deposit-facts")).toContainText("$30.00");
    const invoice = await api<{ paid: unknown; balance: unknown }>(page, "POST", "/api/invoices", {
      companyId: owner.companyId,
      jobIds: quote.jobIds,
    });
    expect(invoice).toMatchObject({ paid: usd(3_000), balance: usd(9_000) });
  });
});
