/**
 * The office's quote screens (docs/quotes.md), on a desktop and on a phone: a quote with
 * two options made from price book items, its totals worked out while typing and then
 * stored by the server, sent by e-mail with the customer's link shown and copied; the list
 * refreshed live by another member's change; a save over someone else's change reloads.
 */

import type { Page } from "@playwright/test";
import type { PriceBookItemDTO, QuoteDTO } from "@sched/shared-types";
import { FIRST_LOAD } from "../board";
import { api, expect, type Owner, test } from "../fixtures";
import { pickOption } from "../selects";

const CUSTOMER = { name: "Cora Customer", email: "cora@example.test", phone: "(555) 010-2000" };

/** A tax rate, two price book items (one taxed) and a customer with an e-mail address. */
async function seed(page: Page, owner: Owner) {
  const { companyId } = owner;
  const settings = await api<{ taxRates: { id: string }[] }>(
    page,
    "PUT",
    `/api/companies/${companyId}/money-settings`,
    { taxRates: [{ name: "Sales tax", percent: 8.875 }] },
  );
  const drain = await api<PriceBookItemDTO>(page, "POST", "/api/price-book", {
    companyId,
    name: "Drain clearing",
    kind: "service",
    unitPrice: { amount: 12_000, currency: "USD" },
    taxRateId: settings.taxRates[0].id,
  });
  const camera = await api<PriceBookItemDTO>(page, "POST", "/api/price-book", {
    companyId,
    name: "Camera inspection",
    kind: "service",
    unitPrice: { amount: 8_000, currency: "USD" },
  });
  const customer = await api<{ id: string }>(page, "POST", "/api/customers", { companyId, ...CUSTOMER });
  return { drain, camera, customer };
}

/** Types into the option's price book search and takes the first match with Enter (the keyboard's way). */
async function addFromPriceBook(page: Page, option: string, item: string) {
  const picker = page.getByLabel(`Add to ${option} from the price book`);
  await picker.click();
  await picker.fill(item);
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option").first()).toContainText(
    item,
  );
  await page.keyboard.press("Enter");
}

const optionTotals = (page: Page, index: number) =>
  page.getByTestId("quote-option-editor").nth(index).getByTestId("quote-option-totals");

test.describe("quotes", () => {
  test.slow();

  test("a quote with two options from the price book, saved, sent by e-mail, its link shown", async ({
    page,
    owner,
    context,
  }) => {
    const { drain, camera } = await seed(page, owner);
    await page.goto("/quotes");
    await expect(page.getByTestId("quotes-empty")).toBeVisible(FIRST_LOAD);
    await page.getByTestId("quotes-empty").getByRole("link", { name: "New quote" }).click();

    const editor = page.getByTestId("quote-editor");
    await expect(editor.getByLabel("Option 1 name")).toHaveValue("Good");
    const customerField = page.getByLabel("Customer", { exact: true });
    await pickOption(
      page,
      customerField,
      `${CUSTOMER.name} · ${CUSTOMER.email}`,
      editor.locator(".ant-select").first(),
    );

    // Good: one drain clearing, taxed 8.875 % on its line.
    await addFromPriceBook(page, "Good", "Drain");
    await expect(page.getByLabel("Good, line 1: item")).toHaveValue("Drain clearing");
    await expect(page.getByLabel("Good, line 1: unit price")).toHaveValue("120.00");
    await expect(optionTotals(page, 0)).toContainText("Subtotal$120.00Tax$10.65Total$130.65");

    // Better: the drain clearing and two camera inspections (untaxed).
    await editor.getByRole("button", { name: "Add option" }).click();
    await expect(editor.getByLabel("Option 2 name")).toHaveValue("Better");
    await addFromPriceBook(page, "Better", "Drain");
    await addFromPriceBook(page, "Better", "Camera");
    await expect(page.getByLabel("Better, line 2: item")).toHaveValue("Camera inspection");
    await page.getByLabel("Better, line 2: quantity").fill("2");
    await expect(optionTotals(page, 1)).toContainText("Subtotal$280.00Tax$10.65Total$290.65");
    // A typed discount shows at once: 10 % off the camera line.
    await page.getByLabel("Better, line 2: discount percent").fill("10");
    await expect(optionTotals(page, 1)).toContainText("Subtotal$264.00Tax$10.65Total$274.65");
    // A deposit of 25 % on approval, per option as typed: 32.6625 -> 32.66, 68.6625 -> 68.66.
    await editor.getByText("Percent of the total").click();
    await editor.getByLabel("Deposit (%)").fill("25");
    await expect(editor.getByTestId("quote-deposit-preview")).toHaveText("Good: $32.66 · Better: $68.66");

    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Quote made")).toBeVisible();
    await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
    const quoteId = page.url().split("/").pop() as string;
    await expect(page.getByRole("heading", { name: "Quote Q-1" })).toBeVisible();
    await expect(page.getByTestId("quote-status")).toHaveText("Draft");
    const options = page.getByTestId("quote-option");
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toContainText("Good");
    await expect(options.nth(0).getByTestId("quote-option-totals")).toContainText("Total$130.65");
    await expect(options.nth(1).getByTestId("quote-option-totals")).toContainText("Total$274.65");
    await expect(page.getByTestId("quote-deposit-facts")).toHaveText("25% of the approved option's total");

    // The server's answer is the truth: whole cents, the price book items named.
    const stored = await api<QuoteDTO>(page, "GET", `/api/quotes/${quoteId}`);
    expect(stored.options.map((option) => option.total)).toEqual([
      { amount: 13_065, currency: "USD" },
      { amount: 27_465, currency: "USD" },
    ]);
    expect(stored.options[1].lines.map((line) => line.priceBookItemId)).toEqual([drain.id, camera.id]);
    expect(stored.deposit).toEqual({ kind: "percent", percent: 25 });
    expect(stored.options.map((option) => option.deposit?.amount)).toEqual([3_266, 6_866]);

    await page.getByRole("button", { name: "Send by e-mail" }).click();
    await expect(page.getByText("Quote e-mailed")).toBeVisible();
    const link = page.getByTestId("quote-link");
    await expect(link).toHaveValue(/^https?:\/\/\S+$/);
    await expect(page.getByTestId("quote-status")).toHaveText("Sent");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

    await page.locator(".quote-page__back").click();
    const row = page.getByTestId("quote-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Q-1");
    await expect(row).toContainText(CUSTOMER.name);
    await expect(row).toContainText("Sent");
    await expect(row).toContainText("$130.65");
    await pickOption(
      page,
      page.getByLabel("Status", { exact: true }),
      "Draft",
      page.locator(".quotes-filter"),
    );
    await expect(page.getByText("No draft quotes")).toBeVisible();
  });

  test("the list follows another member's change; a save over it offers to reload", async ({
    page,
    owner,
  }) => {
    const { drain, customer } = await seed(page, owner);
    const body = {
      companyId: owner.companyId,
      customerId: customer.id,
      expiresOn: "2031-01-15",
      options: [{ name: "Standard", lines: [{ priceBookItemId: drain.id, quantity: 1 }] }],
    };
    const made = await api<QuoteDTO>(page, "POST", "/api/quotes", body);

    await page.goto("/quotes");
    const row = page.getByTestId("quote-row");
    await expect(row).toContainText("Draft", FIRST_LOAD);
    // Sent from elsewhere (another tab, another member): quote.updated refreshes the list.
    const sent = await api<{ quote: QuoteDTO }>(page, "POST", `/api/quotes/${made.id}/send`, {
      channel: "email",
    });
    await expect(row).toContainText("Sent");

    await page.goto(`/quotes/${made.id}/edit`);
    const name = page.getByLabel("Option 1 name");
    await expect(name).toHaveValue("Standard", FIRST_LOAD);
    await api(page, "PUT", `/api/quotes/${made.id}`, {
      ...body,
      options: [{ ...body.options[0], name: "Premium" }],
      version: sent.quote.version,
    });
    await name.fill("Mine");
    await page.getByRole("button", { name: "Save" }).click();
    const stale = page.getByTestId("quote-stale");
    await expect(stale).toBeVisible();
    await stale.getByRole("button", { name: "Reload" }).click();
    await expect(name).toHaveValue("Premium");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Quote saved")).toBeVisible();
    await expect(page.getByTestId("quote-option")).toContainText("Premium");
  });
});
