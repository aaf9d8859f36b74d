import { addEmployee, api, expect, test } from "../fixtures";
import { chooseOption } from "../selects";

/** A day well ahead for the booked job: it is upcoming whatever today is. */
const JOB_DAY = "2031-03-05";

test.describe("customers", () => {
  // Each test is a whole user journey of many steps.
  test.slow();

  test("log a call from a new number, book the job, see the new customer with that job on their page", async ({
    page,
    owner,
  }) => {
    await addEmployee(page, owner.companyId, "Luis Garcia");
    await page.goto("/calls");
    await page.getByRole("button", { name: "Log Your First Call" }).click({ timeout: 20_000 });
    const form = page.getByTestId("call-record-form");
    await form.getByLabel("Customer name").fill("Nora Newcomb");
    await form.getByLabel("Phone").fill("(555) 404-5050");
    await form.getByLabel("Address").fill("8 Willow Way");
    await form.getByRole("button", { name: "Log Call" }).click();
    await expect(page.getByText("Call record created successfully")).toBeVisible();

    const card = page.getByTestId("call-card").filter({ hasText: "Nora Newcomb" });
    // A number no customer has: the call is not linked yet.
    await expect(card.getByTestId("call-customer-link")).toHaveCount(0);
    await card.getByRole("button", { name: "Book Job" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Job" });
    await expect(dialog.getByLabel("Location")).toHaveValue("8 Willow Way");
    await chooseOption(page, dialog, "Employee", "Luis Garcia");
    await chooseOption(page, dialog, "Job type", "Repair");
    await dialog.getByLabel("Date").fill(JOB_DAY);
    await dialog.getByLabel("Time", { exact: true }).fill("10:30");
    await dialog.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Job has been added to the schedule.")).toBeVisible();

    // Booking made the customer from the call and linked the call to them.
    const link = card.getByTestId("call-customer-link");
    await expect(link).toHaveText("Nora Newcomb");
    await link.click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Nora Newcomb" })).toBeVisible();
    const contact = page.getByTestId("customer-contact");
    await expect(contact).toContainText("(555) 404-5050");
    await expect(contact.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:5554045050");
    await expect(contact.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
      "href",
      /google\.com\/maps\/search\/\?api=1&query=8%20Willow%20Way/,
    );
    const upcoming = page.getByTestId("customer-jobs-upcoming-jobs");
    await expect(upcoming.getByTestId("customer-job")).toHaveCount(1);
    await expect(upcoming).toContainText("Repair · 8 Willow Way");
    await expect(page.getByTestId("customer-calls")).toContainText("Job booked");

    // The list finds them by any spelling of the number.
    await page.getByRole("link", { name: "Customers", exact: true }).first().click();
    await page.getByLabel("Search customers").fill("555-404-5050");
    await expect(page.getByTestId("customer-row")).toHaveCount(1);
    await expect(page.getByTestId("customer-row")).toContainText("Nora Newcomb");
  });

  test("import a small CSV with one bad row and see the preview", async ({ page, owner }) => {
    expect(owner.companyId).toBeTruthy();
    await page.goto("/customers");
    await expect(page.getByText("No customers yet.")).toBeVisible({ timeout: 45_000 });
    await page.getByRole("button", { name: "Import a Spreadsheet" }).click();
    const dialog = page.getByRole("dialog", { name: "Import Customers" });
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "customers.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "Customer Name,Phone Number,E-mail Address,Street Address",
          "Ann Archer,(555) 100-2000,ann@example.com,1 Ash Rd",
          "Ben Baker,555-100-4000,not-an-email,2 Birch Rd",
          "Cleo Cole,555.100.5000,,3 Cedar Rd",
        ].join("\n"),
      ),
    });
    await expect(dialog.getByLabel("CSV text")).toHaveValue(/^Customer Name,Phone Number/);
    await expect(dialog.getByTestId("import-submit")).toBeDisabled();
    await dialog.getByRole("button", { name: "Preview" }).click();

    const preview = dialog.getByTestId("import-preview");
    await expect(preview).toContainText("Preview: 2 new customers, 0 updated, 1 skipped");
    await expect(preview).toContainText("1 row will not be imported.");
    const failing = preview.getByRole("row").filter({ hasText: "Email must be a valid email address" });
    await expect(failing).toContainText("3");
    // Nothing was written by the preview.
    expect(await api<unknown[]>(page, "GET", `/api/customers?companyId=${owner.companyId}`)).toEqual([]);

    await dialog.getByTestId("import-submit").click();
    await expect(page.getByText("Customers imported")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("customer-row")).toHaveCount(2);
    await expect(page.getByTestId("customer-list")).toContainText("Ann Archer");
    await expect(page.getByTestId("customer-list")).toContainText("Cleo Cole");
  });

  test("a server error never blames the connection; no answer at all does", async ({ page, owner }) => {
    const customer = await api<{ id: string }>(page, "POST", "/api/customers", {
      companyId: owner.companyId,
      name: "Sia Server",
      phone: "+1 555 500 5000",
    });
    const customerUrl = `**/api/customers/${customer.id}`;
    const failed = page.getByRole("alert").filter({ hasText: "Could not load the customer" });

    await page.route(customerUrl, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Internal server error", code: "internal" }),
      }),
    );
    await page.goto(`/customers/${customer.id}`);
    await expect(failed).toContainText("Something went wrong on the server", { timeout: 20_000 });
    await expect(failed).not.toContainText("connection");

    await page.unroute(customerUrl);
    await page.route(customerUrl, (route) => route.abort("connectionrefused"));
    await page.reload();
    await expect(failed).toContainText("Check your connection and try again.", { timeout: 20_000 });
  });
});
