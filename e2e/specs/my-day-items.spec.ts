/**
 * Items and payment on My Day (docs/my-day.md): a technician of a company that hides prices
 * adds an item from the price book online, another offline (kept in the outbox, Waiting to
 * send), and back online both are on the job exactly once; once the office invoices the
 * job, the technician takes the balance in cash at the door.
 */
import type { Page } from "@playwright/test";
import type { InvoiceDTO, JobDTO, JobItemDTO, PaymentDTO } from "@sched/shared-types";
import { FIRST_LOAD, modal } from "../board";
import { addEmployee, api, expect, test } from "../fixtures";
import { memberPage } from "../members";

/** Today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const usd = (amount: number) => ({ amount, currency: "USD" });

/** Opens Add item, finds `search` in the price book, picks `name`, steps the quantity to `quantity`, adds. */
async function addFromPriceBook(tech: Page, search: string, name: string, quantity: number) {
  const card = tech.getByTestId("my-day-job");
  await card.getByRole("button", { name: "Add item" }).click();
  const drawer = tech.getByTestId("add-item");
  await expect(drawer).toBeVisible();
  await drawer.getByRole("searchbox", { name: "Search the price book" }).fill(search);
  const entry = drawer
    .getByRole("list", { name: "Price book" })
    .getByRole("button", { name: new RegExp(name) });
  await expect(entry).toHaveCount(1);
  // Prices are the office's in this company: the technician picks what, not how much.
  await expect(entry).not.toContainText("$");
  await entry.click();
  for (let more = 1; more < quantity; more += 1)
    await drawer.getByRole("button", { name: "One more" }).click();
  await expect(drawer.getByRole("spinbutton", { name: "Quantity" })).toHaveValue(String(quantity));
  await drawer.getByRole("button", { name: "Add", exact: true }).click();
  await expect(drawer).toBeHidden();
}

test.describe("items and payment on My Day", () => {
  test.slow();

  test("adds items online and offline, each once, and takes a cash payment", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { companyId } = owner;
    for (const item of [
      { name: "Trap", kind: "material", unitPrice: usd(1_999), unit: "each" },
      { name: "Labour", kind: "service", unitPrice: usd(9_500), unit: "hour" },
    ]) {
      await api(page, "POST", "/api/price-book", { companyId, ...item });
    }
    const tia = await addEmployee(page, companyId, "Tia Tech");
    const job = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId,
      employeeId: tia.id,
      type: "Repair",
      location: "12 Oak Rd",
      date: today(),
      time: "09:00",
    });
    const tech = await memberPage(page, owner, "employee", browser, testInfo, { employeeId: tia.id });

    await tech.goto("/my-day");
    const card = tech.getByTestId("my-day-job");
    await expect(card).toHaveCount(1, FIRST_LOAD);
    const toggle = card.getByRole("button", { name: /Items and payment/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const items = card.getByTestId("my-job-items");
    await expect(items).toContainText("No items yet");

    // Online: saved at once.
    await addFromPriceBook(tech, "tra", "Trap", 2);
    await expect(tech.getByText("Item added.")).toBeVisible();
    const rows = items.getByTestId("my-job-item");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-state", "saved");
    await expect(rows.first()).toContainText("Trap");

    // Offline: kept on the phone, shown as waiting.
    await tech.context().setOffline(true);
    await addFromPriceBook(tech, "lab", "Labour", 1);
    await expect(rows).toHaveCount(2);
    const waiting = rows.filter({ hasText: "Labour" });
    await expect(waiting).toHaveAttribute("data-state", "waiting");
    await expect(waiting.getByTestId("my-job-item-waiting")).toHaveText("Waiting to send");
    await expect(toggle).toHaveText(/1 waiting/);
    await expect(tech.getByTestId("offline-indicator")).toContainText("Offline · 1 change waiting");
    // Taking money waits for a network; nothing is invoiced yet anyway.
    await expect(card.getByTestId("job-payment")).toHaveCount(0);

    // Back online: sent by itself, and on the job once.
    await tech.context().setOffline(false);
    await expect(card.getByTestId("my-job-item-waiting")).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Labour" })).toHaveAttribute("data-state", "saved");
    await expect(toggle).toHaveText("Items and payment");
    const stored = await api<JobItemDTO[]>(page, "GET", `/api/jobs/${job.id}/items`);
    expect(stored.map(({ name, quantity }) => ({ name, quantity }))).toEqual([
      { name: "Trap", quantity: 2 },
      { name: "Labour", quantity: 1 },
    ]);

    // The office invoices the job: 2 × 19.99 + 95.00. The phone hears of it (job.updated).
    const invoice = await api<InvoiceDTO>(page, "POST", "/api/invoices", { companyId, jobIds: [job.id] });
    expect(invoice.total).toEqual(usd(13_498));
    const balance = card.getByTestId("job-payment-balance");
    await expect(balance).toHaveText(`Invoice #${invoice.number} · Owed $134.98`);

    await card.getByRole("button", { name: "Take payment" }).click();
    const dialog = modal(tech, `Take payment · Invoice #${invoice.number}`);
    await expect(dialog.getByRole("textbox", { name: "Amount (USD)" })).toHaveValue("134.98");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(tech.getByText("Payment of $134.98 recorded.")).toBeVisible();
    await expect(balance).toHaveText(`Invoice #${invoice.number} · Paid in full`);
    await expect(card.getByRole("button", { name: "Take payment" })).toHaveCount(0);

    const payments = await api<PaymentDTO[]>(page, "GET", `/api/invoices/${invoice.id}/payments`);
    expect(payments.map(({ amount, method }) => ({ amount, method }))).toEqual([
      { amount: usd(13_498), method: "cash" },
    ]);
  });
});
