/**
 * The customer on every card (docs/customers.md): a job booked for a customer shows their
 * name and its length on its card in the Week View and By Employee, the print sheet adds
 * their phone, and a rename of the customer reaches the card live. Desktop and phone.
 */
import type { Page } from "@playwright/test";
import type { CustomerDTO, JobDTO } from "@sched/shared-types";
import { openBoard } from "../board";
import { addEmployee, api, expect, test } from "../fixtures";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";

const cardOf = (page: Page) => page.getByTestId("job-card").filter({ hasText: "9 Card St" });

test.describe("the customer on every card", () => {
  test.describe.configure({ timeout: 120_000 });

  test("cards in Week View and By Employee and the print sheet name the customer and the length", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const customer = await api<CustomerDTO>(page, "POST", "/api/customers", {
      companyId: owner.companyId,
      name: "Ana Ruiz",
      phone: "(555) 010-7000",
    });
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Repair",
      location: "9 Card St",
      date: WEDNESDAY,
      time: "09:00",
      durationMinutes: 90,
      customerId: customer.id,
      customerPhone: customer.phone,
    });

    await openBoard(page, `/schedule?week=${MONDAY}&view=week`);
    const card = cardOf(page);
    await expect(card.getByTestId("job-customer")).toHaveText("Ana Ruiz");
    await expect(card.getByTestId("job-length")).toContainText("1 h 30 min");
    await expect(card).toHaveAttribute("aria-label", /Ana Ruiz/);

    // A rename reaches the card without a reload.
    await api(page, "PUT", `/api/customers/${customer.id}`, {
      name: "Ana Ruiz-Diaz",
      version: customer.version,
    });
    await expect(card.getByTestId("job-customer")).toHaveText("Ana Ruiz-Diaz");

    await page.getByRole("tab", { name: "By Employee" }).click();
    await expect(page.getByTestId("by-employee-view").getByTestId("job-customer")).toHaveText(
      "Ana Ruiz-Diaz",
    );

    const popup = page.waitForEvent("popup");
    await page.getByTestId("action-print").click();
    const sheet = await popup;
    await expect(sheet.locator(".customer")).toHaveText("Ana Ruiz-Diaz · (555) 010-7000");
    await expect(sheet.locator(".when")).toContainText("(1 h 30 min)");
    await sheet.close();
  });
});

test.describe("editing a customer someone else just changed", () => {
  test.describe.configure({ timeout: 120_000 });

  test("offers Keep their change / Apply my change, and Apply keeps their other fields", async ({
    page,
    owner,
  }) => {
    const customer = await api<CustomerDTO>(page, "POST", "/api/customers", {
      companyId: owner.companyId,
      name: "Ben Stone",
      notes: "Dog in backyard",
    });
    await page.goto(`/customers/${customer.id}`);
    await page.getByRole("button", { name: "Edit" }).click({ timeout: 30_000 });
    const dialog = page.locator(".ant-modal").filter({ hasText: "Edit Customer" });
    await dialog.getByLabel("Address").fill("4 Oak Rd");
    // Meanwhile someone else changes the notes.
    await api(page, "PUT", `/api/customers/${customer.id}`, {
      name: "Ben Stone",
      notes: "Gate code 1234",
      version: customer.version,
    });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("stale-keep")).toBeVisible({ timeout: 15_000 });
    await page.getByTestId("stale-apply").click();
    await expect(page.getByText("Customer updated")).toBeVisible({ timeout: 15_000 });
    const saved = await api<CustomerDTO>(page, "GET", `/api/customers/${customer.id}`);
    expect(saved).toMatchObject({
      address: "4 Oak Rd",
      notes: "Gate code 1234",
      version: customer.version + 2,
    });
  });
});
