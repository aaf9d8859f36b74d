/**
 * The price book in Company Settings (docs/money.md), on a desktop and on a phone: the
 * owner adds a service with a tax rate, sees its price as money, edits it, and deletes it;
 * the amounts the API stores are whole cents.
 */
import type { PriceBookItemDTO } from "@sched/shared-types";
import { FIRST_LOAD, modal } from "../board";
import { api, expect, test } from "../fixtures";
import { chooseOption } from "../selects";

test.describe("price book", () => {
  test.slow();

  test("add a service with its tax rate, edit its price, delete it", async ({ page, owner }) => {
    const { companyId } = owner;
    await api(page, "PUT", `/api/companies/${companyId}/money-settings`, {
      taxRates: [{ name: "Sales tax", percent: 8.875 }],
    });
    await page.goto("/settings?tab=price-book");
    const add = page.getByRole("button", { name: "Add item" });
    await expect(add).toBeVisible(FIRST_LOAD);
    await expect(page.getByText("No services or materials yet")).toBeVisible();

    await add.click();
    const dialog = modal(page, "Add to the price book");
    await dialog.getByLabel("Name").fill("Drain clearing");
    await dialog.getByLabel("Unit price (USD)").fill("12.345");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Unit price must be an amount in USD, e.g. 19.99")).toBeVisible();
    await dialog.getByLabel("Unit price (USD)").fill("1,250.50");
    await chooseOption(page, dialog, "Tax rate", "Sales tax (8.875%)");
    await dialog.getByLabel("Unit", { exact: true }).fill("hour");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Item added")).toBeVisible();

    const row = page.getByRole("row", { name: /Drain clearing/ });
    await expect(row).toContainText("$1,250.50 / hour");
    await expect(row).toContainText("Sales tax");
    const [stored] = await api<PriceBookItemDTO[]>(page, "GET", `/api/price-book?companyId=${companyId}`);
    expect(stored.unitPrice).toEqual({ amount: 125_050, currency: "USD" });

    await row.getByRole("button", { name: "Edit" }).click();
    const edit = modal(page, "Edit Drain clearing");
    await expect(edit.getByLabel("Unit price (USD)")).toHaveValue("1250.50");
    await edit.getByLabel("Unit price (USD)").fill("99");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Item saved")).toBeVisible();
    await expect(row).toContainText("$99.00 / hour");

    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).last().click();
    await expect(page.getByText("No services or materials yet")).toBeVisible();
  });
});
