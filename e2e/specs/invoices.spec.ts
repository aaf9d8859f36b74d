/**
 * The office's invoices (docs/money.md, "Screens"), on a desktop and on a phone: items added
 * to a job in its dialog, the invoice made in one click, sent, part paid, a payment taken by
 * someone else showing without a reload, a refund, a refusal at its field, and another
 * invoice voided; the list filtered by status.
 */

import type { Page } from "@playwright/test";
import type { InvoiceDTO, JobDTO, PriceBookItemDTO } from "@sched/shared-types";
import { FIRST_LOAD, modal, openBoard } from "../board";
import { addEmployee, api, expect, test } from "../fixtures";
import { pickOption } from "../selects";

const today = () => new Date().toLocaleDateString("en-CA");

/** A completed job today for a customer with an e-mail address, priced nothing yet. */
async function seed(page: Page, companyId: string) {
  const settings = await api<{ taxRates: { id: string }[] }>(
    page,
    "PUT",
    `/api/companies/${companyId}/money-settings`,
    { taxRates: [{ name: "Sales tax", percent: 10 }] },
  );
  await api<PriceBookItemDTO>(page, "POST", "/api/price-book", {
    companyId,
    name: "Drain clearing",
    kind: "service",
    unitPrice: { amount: 12_000, currency: "USD" },
    taxRateId: settings.taxRates[0].id,
  });
  const employee = await addEmployee(page, companyId, "Tia Tech");
  const customer = await api<{ id: string }>(page, "POST", "/api/customers", {
    companyId,
    name: "Cora Customer",
    email: "cora@example.test",
    address: "12 Oak Rd",
  });
  const job = (location: string, extra: object = {}) =>
    api<JobDTO>(page, "POST", "/api/jobs", {
      companyId,
      customerId: customer.id,
      employeeId: employee.id,
      date: today(),
      time: "09:00",
      type: "Repair",
      location,
      status: "completed",
      ...extra,
    });
  return {
    first: await job("12 Oak Rd"),
    second: await job("14 Oak Rd", { time: "13:00", amount: "80.00" }),
  };
}

/** A payment recorded by someone else (over the API, not this page's screens). */
async function paidElsewhere(page: Page, invoice: { id: string }, amount: number) {
  const res = await page.request.post("/api/payments", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: {
      invoiceId: invoice.id,
      amount: { amount, currency: "USD" },
      method: "cheque",
      receivedOn: today(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe("invoices", () => {
  test.slow();

  test("items on a job, invoice, send, part payment, refund; another invoice voided", async ({
    page,
    owner,
  }) => {
    const { first, second } = await seed(page, owner.companyId);

    // The job's dialog: an item from the price book and a typed one, with their total.
    await openBoard(page, `/schedule?job=${first.id}`);
    const dialog = modal(page, "Edit Job");
    const items = dialog.getByTestId("job-items");
    await expect(items.getByText("No items yet.")).toBeVisible(FIRST_LOAD);
    // The keyboard picks from the price book: arrows, then Enter.
    await items.getByLabel("Item", { exact: true }).fill("Drain");
    await expect(page.locator(".ant-select-dropdown:visible")).toContainText("Drain clearing");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(items.getByLabel("Price (USD)")).toHaveValue("120.00");
    await items.getByLabel("Quantity").fill("2");
    await items.getByRole("button", { name: "Add item" }).click();
    await expect(items.getByTestId("job-item")).toHaveCount(1);
    await items.getByLabel("Item", { exact: true }).fill("Parts");
    await items.getByLabel("Price (USD)").fill("15.5");
    await items.getByRole("button", { name: "Add item" }).click();
    await expect(items.getByTestId("job-item")).toHaveCount(2);
    // 2 x 120.00 + 10 % tax on that line, and 15.50 untaxed.
    await expect(items.getByTestId("job-items-total")).toContainText("$279.50");
    await items.getByRole("button", { name: "Remove Parts" }).click();
    await expect(items.getByTestId("job-item")).toHaveCount(1);
    await expect(items.getByTestId("job-items-total")).toContainText("$264.00");

    // One click makes the invoice; the job's amount is the invoice's from now on.
    await items.getByRole("button", { name: "Create invoice" }).click();
    const link = items.getByRole("link", { name: "Invoice #1" });
    await expect(link).toBeVisible();
    await expect(dialog.getByLabel("Amount (optional)")).toBeDisabled();
    await expect(dialog.getByLabel("Amount (optional)")).toHaveValue("264.00");
    await expect(dialog.getByText("From invoice #1").first()).toBeVisible();
    await link.click();

    // The invoice: send it, record part of it, see another person's payment arrive.
    await expect(page.getByRole("heading", { name: "Invoice #1" })).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId("invoice-status")).toHaveText("Draft");
    await expect(page.getByTestId("invoice-balance")).toHaveText("$264.00");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByTestId("invoice-status")).toHaveText("Sent");

    await page.getByRole("button", { name: "Record payment" }).click();
    const record = modal(page, "Record payment on invoice #1");
    await record.getByLabel("Amount (USD)").fill("500");
    await record.getByRole("button", { name: "Record payment" }).click();
    await expect(
      record.getByText("Amount cannot be more than what is still owed on the invoice"),
    ).toBeVisible();
    await record.getByLabel("Amount (USD)").fill("100");
    await record.getByLabel("Reference (optional)").fill("R-1");
    await record.getByRole("button", { name: "Record payment" }).click();
    await expect(record).toBeHidden();
    await expect(page.getByTestId("invoice-status")).toHaveText("Partly paid");
    await expect(page.getByTestId("invoice-balance")).toHaveText("$164.00");

    const invoiceId = page.url().split("/").pop() as string;
    await paidElsewhere(page, { id: invoiceId }, 5_000);
    await expect(page.getByTestId("invoice-payment")).toHaveCount(2);
    await expect(page.getByTestId("invoice-balance")).toHaveText("$114.00");

    // A refund of part of the office's payment: owed again.
    const office = page.getByTestId("invoice-payment").filter({ hasText: "R-1" });
    await office.getByRole("button", { name: "Refund" }).click();
    const refund = modal(page, "Refund on invoice #1");
    await refund.getByLabel("Amount (USD)").fill("40");
    await refund.getByRole("button", { name: "Refund" }).click();
    await expect(refund).toBeHidden();
    await expect(office.getByTestId("invoice-refund")).toContainText("Refunded $40.00");
    await expect(page.getByTestId("invoice-balance")).toHaveText("$154.00");
    await expect(page.getByTestId("invoice-status")).toHaveText("Partly paid");

    // Another invoice, made elsewhere, voided from its page.
    const other = await api<InvoiceDTO>(page, "POST", "/api/invoices", {
      companyId: owner.companyId,
      jobIds: [second.id],
    });
    await page.getByRole("link", { name: "All invoices" }).click();
    await expect(page.getByTestId("invoice-row")).toHaveCount(2, FIRST_LOAD);
    await page.getByRole("link", { name: /Invoice #2/ }).click();
    await expect(page.getByRole("heading", { name: "Invoice #2" })).toBeVisible();
    await page.getByRole("button", { name: "Void", exact: true }).click();
    const voiding = modal(page, "Void invoice #2");
    await voiding.getByRole("button", { name: "Void invoice" }).click();
    await expect(voiding.getByText("Reason is required")).toBeVisible();
    await voiding.getByLabel("Reason").fill("Billed twice");
    await voiding.getByRole("button", { name: "Void invoice" }).click();
    await expect(page.getByTestId("invoice-status")).toHaveText("Void");
    expect((await api<InvoiceDTO>(page, "GET", `/api/invoices/${other.id}`)).voidReason).toBe("Billed twice");

    // The list, filtered by status.
    await page.getByRole("link", { name: "All invoices" }).click();
    await pickOption(page, page.getByLabel("Status"), "Partly paid", page.locator(".invoices-filter"));
    await expect(page.getByTestId("invoice-row")).toHaveCount(1);
    await expect(page.getByTestId("invoice-row")).toContainText("Invoice #1");
    await expect(page.getByTestId("invoice-row")).toContainText("$154.00");
  });

  test("one invoice for several jobs of a customer, chosen in the job's dialog", async ({ page, owner }) => {
    const { first, second } = await seed(page, owner.companyId);
    await api(page, "POST", `/api/jobs/${first.id}/items`, {
      name: "Parts",
      quantity: 1,
      unitPrice: { amount: 1_550, currency: "USD" },
    });
    await openBoard(page, `/schedule?job=${first.id}`);
    const dialog = modal(page, "Edit Job");
    const items = dialog.getByTestId("job-items");
    await expect(items.getByTestId("job-item")).toHaveCount(1, FIRST_LOAD);
    const amount = dialog.getByLabel("Amount (optional)");
    const paymentStatus = dialog.locator(".ant-form-item").filter({ has: page.getByLabel("Payment status") });
    await expect(paymentStatus).toContainText("Pending");
    await items.getByRole("button", { name: "Invoice several jobs" }).click();
    const choose = modal(page, "Invoice jobs for Cora Customer");
    await expect(choose.getByRole("checkbox")).toHaveCount(2);
    await choose.getByRole("button", { name: "Create invoice for 2 jobs" }).click();
    // The dialog's read-only fields are the invoice's at once (this job's share), and follow
    // a payment taken elsewhere without a reload.
    const link = items.getByRole("link", { name: "Invoice #1" });
    await expect(amount).toHaveValue("15.50");
    await expect(paymentStatus).toContainText("Billed");
    await paidElsewhere(page, { id: (await link.getAttribute("href"))?.split("/").pop() ?? "" }, 9_550);
    await expect(paymentStatus).toContainText("Paid");
    await expect(amount).toHaveValue("15.50");
    await link.click();
    await expect(page.getByRole("heading", { name: "Invoice #1" })).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId("invoice-balance")).toHaveText("$0.00");
    const invoice = await api<InvoiceDTO>(page, "GET", `/api/invoices/${page.url().split("/").pop()}`);
    expect(invoice.jobIds.sort()).toEqual([first.id, second.id].sort());
  });
});
