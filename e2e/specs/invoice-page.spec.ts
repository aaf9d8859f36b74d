/**
 * The customer's invoice page (docs/invoice-page.md): the office sends an invoice, the
 * customer opens its link on a phone or a desktop, sees the lines and totals, downloads the
 * PDF and pays by card with the keyboard. The e2e server has no Stripe keys: Pay goes to the
 * demo step (the Stripe path is server/test/invoice-page.test.ts, against the stub). axe on
 * each state, and nothing runs off the side at 320 px. The owner's logo, uploaded in
 * Company Settings → Documents, shows in Settings and at the top of the page.
 */

import type { Page } from "@playwright/test";
import type { InvoiceDTO, InvoiceSentDTO, JobDTO } from "@sched/shared-types";
import { expectAxeClean } from "../customer-axe";
import { addEmployee, api, freshPage, type Owner, test } from "../fixtures";
import { expect, FIRST_LOAD, tabTo } from "../keyboard";

/** A 1x1 PNG with an alpha channel: a real image, drawn by the browser and by the PDF. */
const LOGO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Whether the image has loaded and drawn (a broken image has no natural width). */
const isDrawn = (image: ReturnType<Page["getByRole"]>) =>
  image.evaluate(
    (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  );

/** A job of 120.00, invoiced and sent: the link the send answered. */
async function sentInvoice(page: Page, owner: Owner): Promise<InvoiceSentDTO> {
  const tech = await addEmployee(page, owner.companyId, "Ivy Installer");
  const job = await api<JobDTO>(page, "POST", "/api/jobs", {
    companyId: owner.companyId,
    employeeId: tech.id,
    type: "Repair",
    location: "4 Elm St",
    customerName: "Pat Customer",
    date: "2026-11-02",
    time: "09:00",
    durationMinutes: 60,
    amount: "120.00",
  });
  const invoice = await api<InvoiceDTO>(page, "POST", "/api/invoices", {
    companyId: owner.companyId,
    jobIds: [job.id],
  });
  return api<InvoiceSentDTO>(page, "POST", `/api/invoices/${invoice.id}/send`, {});
}

test.describe("the invoice page", () => {
  test("the customer opens the link, sees the totals, and pays by card (demo mode)", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.slow(); // Two pages and axe three times.
    const sent = await sentInvoice(page, owner);
    expect(sent.url).toMatch(/\/invoice\/[^/]+$/);
    const customer = await freshPage(browser, testInfo);
    await customer.goto(new URL(sent.url).pathname);

    await expect(customer.getByRole("heading", { level: 1 })).toHaveText(
      `Invoice ${sent.number} from ${owner.companyName}`,
    );
    await expect(customer.getByRole("status")).toContainText("Due");
    await expect(customer.locator(".lines")).toContainText("Repair");
    await expect(customer.locator(".totals")).toContainText("$120.00");
    await expectAxeClean(customer);

    // The office sees it viewed.
    await expect
      .poll(async () => (await api<InvoiceDTO>(page, "GET", `/api/invoices/${sent.id}`)).status)
      .toBe("viewed");

    const pdf = customer.getByRole("link", { name: "Download PDF" });
    const download = customer.waitForEvent("download");
    await pdf.click();
    expect((await download).suggestedFilename()).toBe(`invoice-${sent.number}.pdf`);

    // Pay, by the keyboard: the demo step stands where Stripe Checkout would.
    const pay = customer.getByRole("button", { name: "Pay $120.00 by card" });
    await tabTo(customer, pay);
    await customer.keyboard.press("Enter");
    await expect(customer.getByRole("heading", { name: "Demo card payment" })).toBeVisible();
    await expect(customer.getByText("no card is charged")).toBeVisible();
    await expectAxeClean(customer);
    const confirm = customer.getByRole("button", { name: "Confirm demo payment of $120.00" });
    await tabTo(customer, confirm);
    await customer.keyboard.press("Enter");

    await expect(customer.getByRole("status")).toContainText("Paid");
    await expect(customer.getByRole("status")).toContainText("Payment received");
    await expect(customer.getByRole("button", { name: /Pay .* by card/ })).toHaveCount(0);
    await expectAxeClean(customer);
    const paid = await api<InvoiceDTO>(page, "GET", `/api/invoices/${sent.id}`);
    expect(paid).toMatchObject({ status: "paid", balance: { amount: 0, currency: "USD" } });

    // At 320 px nothing runs off the side.
    await customer.setViewportSize({ width: 320, height: 640 });
    await customer.reload();
    await expect(customer.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test("a link that opens nothing says so; a void invoice shows void and no Pay", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const sent = await sentInvoice(page, owner);
    await api(page, "POST", `/api/invoices/${sent.id}/void`, { reason: "Billed twice" });
    const customer = await freshPage(browser, testInfo);
    await customer.goto(new URL(sent.url).pathname);
    await expect(customer.getByRole("status")).toContainText("Void");
    await expect(customer.getByText("there is nothing to pay")).toBeVisible();
    await expect(customer.getByRole("button", { name: /Pay/ })).toHaveCount(0);
    await customer.goto("/invoice/not-a-token");
    await expect(customer.getByRole("heading", { name: "This invoice link is not valid" })).toBeVisible();
  });

  test("the owner uploads the company logo in Settings, and the customer sees it on the page", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.slow(); // Settings, then the customer's page.
    await page.goto("/settings?tab=documents");
    const upload = page.getByRole("button", { name: "Upload logo" });
    await expect(upload).toBeVisible(FIRST_LOAD);
    await expect(page.getByText("No logo yet")).toBeVisible();

    // A file that only calls itself a PNG: the server reads its bytes and says why.
    await page.getByTestId("logo-input").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("not really an image"),
    });
    const card = page.getByRole("region", { name: "Logo" });
    await expect(card.getByRole("alert")).toContainText("Logo must be a PNG or JPEG image");

    // The real one, picked with the keyboard.
    const chooser = page.waitForEvent("filechooser");
    await tabTo(page, upload);
    await page.keyboard.press("Enter");
    await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO_PNG });
    const preview = page.getByRole("img", { name: `${owner.companyName} logo` });
    await expect(preview).toBeVisible();
    await expect.poll(() => isDrawn(preview)).toBe(true);
    await expect(page.getByText("Logo must be a PNG or JPEG image")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Replace logo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove" })).toBeVisible();

    const sent = await sentInvoice(page, owner);
    const customer = await freshPage(browser, testInfo);
    await customer.goto(new URL(sent.url).pathname);
    const logo = customer.getByRole("img", { name: `${owner.companyName} logo` });
    await expect(logo).toBeVisible();
    await expect.poll(() => isDrawn(logo)).toBe(true);
    await expectAxeClean(customer);
  });
});
