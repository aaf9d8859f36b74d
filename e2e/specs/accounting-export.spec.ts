/**
 * Export for your accountant (docs/money.md), on a desktop and on a phone: the card beside
 * the price book picks a period and a format by keyboard or by touch, and its links download
 * the CSV files with their header row and the invoice the owner just made.
 */

import { readFile } from "node:fs/promises";
import type { InvoiceDTO, JobDTO } from "@sched/shared-types";
import { FIRST_LOAD } from "../board";
import { addEmployee, api, expect, isPhone, test } from "../fixtures";

const today = () => new Date().toLocaleDateString("en-CA");

test.describe("export for your accountant", () => {
  test.slow();

  test("downloads invoices and their lines as CSV in the chosen format", async ({ page, owner }) => {
    const { companyId } = owner;
    const employee = await addEmployee(page, companyId, "Tia Tech");
    const customer = await api<{ id: string }>(page, "POST", "/api/customers", {
      companyId,
      name: "Cora Customer",
      email: "cora@example.test",
    });
    const job = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId,
      customerId: customer.id,
      employeeId: employee.id,
      date: today(),
      time: "09:00",
      type: "Repair",
      location: "12 Oak Rd",
      status: "completed",
      amount: "80.00",
    });
    const invoice = await api<InvoiceDTO>(page, "POST", "/api/invoices", { companyId, jobIds: [job.id] });

    await page.goto("/settings?tab=price-book");
    const card = page.locator(".accounting-export");
    await expect(card.getByText("Export for your accountant")).toBeVisible(FIRST_LOAD);
    await expect(card.getByRole("radio", { name: "This month" })).toBeChecked();

    // A phone taps; a keyboard moves within the group with the arrow keys.
    if (isPhone(page)) await card.getByText("Plain", { exact: true }).tap();
    else {
      await card.getByRole("radio", { name: "QuickBooks" }).focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
    }
    await expect(card.getByRole("radio", { name: "Plain" })).toBeChecked();

    const invoices = card.getByRole("link", { name: "Invoices", exact: true });
    await expect(invoices).toHaveAttribute("href", /format=plain/);
    const downloading = page.waitForEvent("download");
    await invoices.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}-plain\.csv$/);
    const text = (await readFile(await download.path(), "utf8")).replace(/^\ufeff/, "");
    const [header, row] = text.split("\r\n");
    expect(header).toBe(
      "Number,Type,Customer,Email,Issued on,Due on,Status,Currency,Subtotal,Tax,Total,Paid,Credited,Balance,Note",
    );
    expect(row).toContain(`${invoice.number},Invoice,Cora Customer,cora@example.test,`);
    expect(row).toContain(",draft,USD,80.00,0.00,80.00,");

    // A custom period the wrong way round offers no files, and says why.
    await card.getByText("Custom", { exact: true }).click();
    await card.getByLabel("To", { exact: true }).fill("2026-01-01");
    await card.getByLabel("From", { exact: true }).fill("2026-02-01");
    await expect(card.getByText("To must be on or after from")).toBeVisible();
    await expect(card.getByRole("link", { name: "Payments" })).toHaveCount(0);
    await card.getByLabel("From", { exact: true }).fill("2025-12-01");
    await card.getByText("Xero", { exact: true }).click();
    const lines = card.getByRole("link", { name: "Invoice lines" });
    const nextDownload = page.waitForEvent("download");
    await lines.click();
    const linesFile = await readFile(await (await nextDownload).path(), "utf8");
    expect(linesFile.replace(/^\ufeff/, "").split("\r\n")[0]).toBe(
      "*ContactName,EmailAddress,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,Currency",
    );
  });
});
