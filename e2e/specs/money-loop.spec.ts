/**
 * The money loop of issue 55, end to end (docs/money.md, docs/quotes.md, docs/invoice-page.md):
 * a price book; a quote the customer approves on their phone; its job in the tray, planned
 * for today; the technician adds an item offline and completes the job; the office invoices
 * it from the job's dialog and sends it; the customer pays by card on the invoice page; the
 * board shows the job paid without a reload. The card step goes through Stripe Checkout on
 * the local Stripe stub: the customer's page is served by the card-payment instance
 * (e2e/server-card.ts, the same app and database with the stub's keys), the stub's Pay sends
 * the signed webhook, and the board on the main server hears it through Redis. Demo mode's
 * payment is tested in invoice-page.spec.ts.
 */
import type { JobDTO, PriceBookItemDTO, QuoteDTO, QuoteSendResultDTO } from "@sched/shared-types";
import { FIRST_LOAD, modal, openBoard } from "../board";
import { addEmployee, api, cardAppUrl, expect, freshPage, test } from "../fixtures";
import { memberPage } from "../members";

/** Today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const usd = (amount: number) => ({ amount, currency: "USD" });

test.describe("the money loop", () => {
  test.slow();

  test("price book, quote approved on a phone, job done offline, invoice, paid by card on the Stripe stub, paid on the board", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { companyId } = owner;
    // The price book.
    const [service, valve] = await Promise.all(
      [
        { name: "Boiler service", kind: "service", unitPrice: usd(12_000), unit: "visit" },
        { name: "Valve", kind: "material", unitPrice: usd(3_050), unit: "each" },
      ].map((item) => api<PriceBookItemDTO>(page, "POST", "/api/price-book", { companyId, ...item })),
    );
    expect(valve.name).toBe("Valve");
    const customerRow = await api<{ id: string }>(page, "POST", "/api/customers", {
      companyId,
      name: "Pat Customer",
      email: "pat@example.test",
      address: "4 Elm St",
    });
    const tia = await addEmployee(page, companyId, "Tia Tech");

    // A quote from the price book, sent.
    const quote = await api<QuoteDTO>(page, "POST", "/api/quotes", {
      companyId,
      customerId: customerRow.id,
      expiresOn: "2999-12-31",
      options: [
        { name: "Standard", lines: [{ priceBookItemId: service.id, quantity: 1 }] },
        { name: "Premium", lines: [{ priceBookItemId: service.id, quantity: 2 }] },
      ],
    });
    const sentQuote = await api<QuoteSendResultDTO>(page, "POST", `/api/quotes/${quote.id}/send`, {
      channel: "email",
    });

    // The customer approves Standard on their phone.
    const phone = await freshPage(browser, testInfo, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.goto(new URL(sentQuote.url).pathname);
    await phone.getByRole("radio", { name: /Choose Standard/ }).check();
    await phone.getByRole("textbox", { name: "Type your full name to sign" }).fill("Pat Customer");
    await phone.getByRole("button", { name: "Approve Standard for $120.00" }).click();
    await expect(phone.getByRole("status")).toContainText("Approved");

    // Its job waits in the tray; the office plans it for Tia today.
    const approved = await api<QuoteDTO>(page, "GET", `/api/quotes/${quote.id}`);
    expect(approved.jobIds).toHaveLength(1);
    const tray = await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${companyId}&unscheduled=true`);
    const waiting = tray.find((job) => job.id === approved.jobIds[0]);
    if (!waiting) throw new Error("the approved quote's job is not in the tray");
    const job = await api<JobDTO>(page, "PUT", `/api/jobs/${waiting.id}`, {
      employeeId: tia.id,
      date: today(),
      time: "09:00",
      version: waiting.version,
    });

    // Tia, offline at the door: adds a valve and completes the job; both go once she is back.
    const tech = await memberPage(page, owner, "employee", browser, testInfo, { employeeId: tia.id });
    await tech.goto("/my-day");
    const card = tech.getByTestId("my-day-job");
    await expect(card).toHaveCount(1, FIRST_LOAD);
    const toggle = card.getByRole("button", { name: /Items and payment/ });
    await toggle.click();
    await expect(card.getByTestId("my-job-item")).toHaveCount(1);
    // Opened once online, as on the installed app (its service worker keeps the code; this
    // suite blocks service workers).
    const drawer = tech.getByTestId("add-item");
    await card.getByRole("button", { name: "Add item" }).click();
    await expect(drawer.getByRole("list", { name: "Price book" })).toBeVisible();
    await tech.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await tech.context().setOffline(true);
    await card.getByRole("button", { name: "Add item" }).click();
    await drawer.getByRole("searchbox", { name: "Search the price book" }).fill("val");
    await drawer.getByRole("list", { name: "Price book" }).getByRole("button", { name: /Valve/ }).click();
    await drawer.getByRole("button", { name: "Add", exact: true }).click();
    await expect(drawer).toBeHidden();
    await card.getByRole("button", { name: "Complete" }).click();
    await expect(tech.getByTestId("offline-indicator")).toContainText("2 changes waiting");
    await tech.context().setOffline(false);
    await expect(card.getByTestId("my-job-item-waiting")).toHaveCount(0);
    await expect
      .poll(async () => {
        const items = await api<{ name: string }[]>(page, "GET", `/api/jobs/${job.id}/items`);
        return items.map((item) => item.name).sort();
      })
      .toEqual(["Boiler service", "Valve"]);

    // The office invoices the job from its dialog and sends it.
    await openBoard(page, `/schedule?job=${job.id}`);
    const dialog = modal(page, "Edit Job");
    const items = dialog.getByTestId("job-items");
    await expect(items.getByTestId("job-item")).toHaveCount(2, FIRST_LOAD);
    await expect(items.getByTestId("job-items-total")).toContainText("$150.50");
    await items.getByRole("button", { name: "Create invoice" }).click();
    const invoiceLink = items.getByRole("link", { name: /Invoice #\d+/ });
    await expect(invoiceLink).toBeVisible();
    const invoicePath = await invoiceLink.getAttribute("href");
    if (!invoicePath) throw new Error("no link to the invoice");
    // A note saved in the same dialog: the invoice's own change to the job is no one else's.
    await dialog.getByLabel("Description (optional)").fill("Customer asks for the old valve.");
    await dialog.getByRole("button", { name: "Update Job" }).click();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.goto(invoicePath);
    await expect(page.getByTestId("invoice-balance")).toHaveText("$150.50", FIRST_LOAD);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const sentLink = page.getByTestId("invoice-link").getByRole("link");
    await expect(sentLink).toBeVisible();
    const invoiceUrl = await sentLink.getAttribute("href");
    if (!invoiceUrl) throw new Error("no invoice link after Send");

    // The board stands open while the customer pays on their phone.
    await openBoard(page, "/schedule");
    const boardCard = page.locator(`[data-testid="job-card"][data-job-id="${job.id}"]`);
    await expect(boardCard).toHaveAttribute("data-payment", "billed", FIRST_LOAD);
    const invoicePage = `${cardAppUrl()}${new URL(invoiceUrl).pathname}`;
    await phone.goto(invoicePage);
    await phone.getByRole("button", { name: "Pay $150.50 by card" }).click();
    // Stripe Checkout, as the stub serves it; Pay delivers checkout.session.completed.
    await expect(phone.getByTestId("stub-amount")).toHaveText("150.50 USD");
    await phone.getByRole("button", { name: "Pay", exact: true }).click();
    // Back on the invoice page (which drops Checkout's ?checkout=done once read).
    await expect(phone).toHaveURL(invoicePage);
    await expect(phone.getByRole("status")).toContainText("Payment received");
    await expect(boardCard).toHaveAttribute("data-payment", "paid");
  });
});
