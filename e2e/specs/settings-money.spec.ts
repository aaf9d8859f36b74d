/**
 * The money settings in Company Settings (docs/money.md), on a desktop and on a phone: the
 * owner adds a tax rate, sets the invoice address and a tax number, sees them after a
 * reload, prices a service with the new rate, and is told when someone else saved first
 * and when the currency can no longer change.
 */
import type { MoneySettingsDTO } from "@sched/shared-types";
import { FIRST_LOAD, modal } from "../board";
import { api, expect, test } from "../fixtures";
import { chooseOption } from "../selects";

const ADDRESS = "12 Harbour Rd\nWellington 6011";

test.describe("money settings", () => {
  test.slow();

  test("add a tax rate and invoice details, reload, price with the rate", async ({ page, owner }) => {
    const settingsUrl = `/api/companies/${owner.companyId}/money-settings`;
    await page.goto("/settings?tab=price-book");
    const pricing = page.getByTestId("money-settings-pricing");
    await expect(pricing.getByLabel("Currency")).toBeVisible(FIRST_LOAD);

    // A percent over 100 is named beside its field before anything is sent.
    await pricing.getByRole("button", { name: "Add tax rate" }).click();
    await pricing.getByLabel("Name of tax rate 1").fill("GST");
    await pricing.getByLabel("Percent of tax rate 1").fill("500");
    await pricing.getByRole("button", { name: "Save prices and tax" }).click();
    await expect(pricing.getByText("Percent must be 0 to 100 with at most 3 decimals")).toBeVisible();
    await pricing.getByLabel("Percent of tax rate 1").fill("5");
    await pricing.getByRole("button", { name: "Save prices and tax" }).click();
    await expect(page.getByText("Prices and tax saved")).toBeVisible();

    await page.goto("/settings?tab=documents");
    const invoice = page.getByTestId("money-settings-documents");
    await expect(invoice.getByLabel("Address on documents")).toBeVisible(FIRST_LOAD);
    await invoice.getByLabel("Address on documents").fill(ADDRESS);
    await invoice.getByRole("button", { name: "Add tax number" }).click();
    await invoice.getByLabel("Label of tax number 1").fill("GST no.");
    await invoice.getByLabel("Tax number 1", { exact: true }).fill("123-456-789");
    await invoice.getByRole("button", { name: "Save invoice details" }).click();
    await expect(page.getByText("Invoice details saved")).toBeVisible();

    await page.reload();
    await expect(invoice.getByLabel("Address on documents")).toHaveValue(ADDRESS, FIRST_LOAD);
    await expect(invoice.getByLabel("Label of tax number 1")).toHaveValue("GST no.");
    await expect(invoice.getByLabel("Tax number 1", { exact: true })).toHaveValue("123-456-789");
    const stored = await api<MoneySettingsDTO>(page, "GET", settingsUrl);
    expect(stored.taxRates).toEqual([{ id: expect.any(String), name: "GST", percent: 5 }]);
    expect(stored.taxNumbers).toEqual([{ label: "GST no.", value: "123-456-789" }]);
    expect(stored.paymentTermsDays).toBe(14);

    // Someone else saves first: the card says so and shows their settings.
    await api(page, "PUT", settingsUrl, { paymentTermsDays: 30, version: stored.version });
    await invoice.getByLabel("Address on documents").fill("Somewhere else");
    await invoice.getByRole("button", { name: "Save invoice details" }).click();
    await expect(page.getByText("Someone else changed the money settings")).toBeVisible();
    await expect(invoice.getByLabel("Payment terms")).toHaveValue("30");
    await expect(invoice.getByLabel("Address on documents")).toHaveValue(ADDRESS);

    await page.goto("/settings?tab=price-book");
    await expect(pricing.getByLabel("Name of tax rate 1")).toHaveValue("GST", FIRST_LOAD);
    await expect(pricing.getByLabel("Percent of tax rate 1")).toHaveValue("5");
    await page.getByRole("button", { name: "Add item" }).click();
    const dialog = modal(page, "Add to the price book");
    await dialog.getByLabel("Name").fill("Heat pump service");
    await dialog.getByLabel(`Unit price (${stored.currency})`).fill("180");
    await chooseOption(page, dialog, "Tax rate", "GST (5%)");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Item added")).toBeVisible();
    await expect(page.getByRole("row", { name: /Heat pump service/ })).toContainText("GST");

    // Once something is priced the currency stays: the server's words show beside it.
    await pricing.getByLabel("Currency").fill("EUR");
    await page.keyboard.press("Enter");
    await expect(pricing.locator(".ant-select").first()).toContainText("EUR");
    await pricing.getByRole("button", { name: "Save prices and tax" }).click();
    await expect(pricing.getByText(/The currency cannot change once/)).toBeVisible();
  });
});
