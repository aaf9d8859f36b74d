import { fieldMessagesSettled, settled } from "../board";
import { addEmployee, api, expect, test } from "../fixtures";

test.describe("Employee Management", () => {
  test("adding an employee: 4-character initials show the exact message, then the card appears", async ({
    page,
    owner,
  }) => {
    expect(owner.companyId).toBeTruthy();
    await page.goto("/employees");
    // The first screen of a test waits longer: a fresh browser loads the whole app.
    await expect(page.getByRole("heading", { name: "Employee Management" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("employees-empty")).toContainText("No employees yet");

    await page.getByRole("button", { name: "Add Your First Employee" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Employee" });
    // Nothing filled in: the fields say what is missing, once (no toast repeats it).
    await dialog.getByTestId("employee-form-submit").click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Initials are required")).toBeVisible();
    await expect(page.locator(".ant-notification-notice")).toHaveCount(0);

    await dialog.getByLabel("Full Name").fill("Maria Chen");
    await dialog.getByLabel("Initials").fill("mchx");
    await dialog.getByRole("radio", { name: "Teal" }).check();
    await dialog.getByTestId("employee-form-submit").click();
    await expect(dialog.getByText("Initials must be 3 characters or less", { exact: true })).toBeVisible();

    await dialog.getByLabel("Initials").fill("mc");
    await expect(dialog.getByText("Initials must be 3 characters or less")).toHaveCount(0);
    await fieldMessagesSettled(dialog);
    await dialog.getByTestId("employee-form-submit").click();
    await expect(page.getByText("Employee has been added")).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = page.getByTestId("employee-card").filter({ hasText: "Maria Chen" });
    await expect(card).toContainText("MC");
    await expect(card).toContainText("Teal");
    await expect(card).toContainText("Active");
  });

  test("removing: an employee with jobs and messages is only deactivated or deleted after saying how many", async ({
    page,
    owner,
  }) => {
    test.slow(); // Two removals, each through its dialog, with jobs and a chat message made first.
    const busy = await addEmployee(page, owner.companyId, "Tom Becker", "purple");
    await addEmployee(page, owner.companyId, "Eve Walsh", "pink");
    for (const date of ["2026-11-23", "2026-11-24"]) {
      await api(page, "POST", "/api/jobs", {
        employeeId: busy.id,
        type: "Repair",
        location: "1 Main St",
        date,
        time: "09:00",
        companyId: owner.companyId,
      });
    }
    // Chat messages go out as the sender's own roster employee: the owner is Tom for this one.
    await api(page, "PUT", `/api/companies/${owner.companyId}/users/${owner.userId}`, {
      employeeId: busy.id,
    });
    await api(page, "POST", "/api/chat", { companyId: owner.companyId, message: "On my way" });

    await page.goto("/employees");
    await page.getByRole("button", { name: "Remove Eve Walsh" }).click();
    await (await settled(page.getByRole("dialog"))).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Employee has been removed")).toBeVisible();
    await expect(page.getByTestId("employee-card").filter({ hasText: "Eve Walsh" })).toHaveCount(0);
    // Let that toast go, so the one after the second removal is told apart.
    await expect(page.getByText("Employee has been removed")).toHaveCount(0, { timeout: 15_000 });

    await page.getByRole("button", { name: "Remove Tom Becker" }).click();
    const dialog = await settled(page.getByRole("dialog"));
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(dialog.getByTestId("delete-employee-conflict")).toContainText(
      "Tom Becker has 2 jobs and 1 chat message.",
    );
    await dialog.getByRole("button", { name: "Deactivate instead" }).click();
    await expect(page.getByText("Employee has been deactivated")).toBeVisible();
    const card = page.getByTestId("employee-card").filter({ hasText: "Tom Becker" });
    await expect(card).toContainText("Inactive");
    const jobs = await api<unknown[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}`);
    expect(jobs).toHaveLength(2);

    await card.getByRole("button", { name: "Remove Tom Becker" }).click();
    await settled(dialog);
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(dialog.getByRole("button", { name: "Deactivate instead" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Delete all" }).click();
    await expect(page.getByText("Employee has been removed")).toBeVisible();
    await expect(page.getByTestId("employees-empty")).toBeVisible();
    expect(await api<unknown[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}`)).toHaveLength(0);
  });

  test("editing an employee changes the card, and another member's screen follows live", async ({
    page,
    owner,
    browser,
  }) => {
    test.slow(); // Two browsers, each loading the app.
    const employee = await addEmployee(page, owner.companyId, "Jon Park", "blue");
    await page.goto("/employees");
    await page.getByRole("button", { name: "Edit Jon Park" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Employee" });
    await expect(dialog.getByLabel("Full Name")).toHaveValue("Jon Park");
    await dialog.getByLabel("Full Name").fill("Jonathan Park");
    await dialog.getByRole("radio", { name: "Orange" }).check();
    await dialog.getByTestId("employee-form-submit").click();
    await expect(page.getByText("Employee has been updated")).toBeVisible();
    await expect(page.getByTestId("employee-card")).toContainText("Jonathan Park");
    await expect(page.getByTestId("employee-card")).toContainText("Orange");

    // A second browser of the same owner sees a rename made over the API without reloading.
    const context = await browser.newContext({ storageState: await page.context().storageState() });
    const other = await context.newPage();
    await other.addInitScript((id) => window.localStorage.setItem("selectedCompanyId", id), owner.companyId);
    await other.goto("/employees");
    await expect(other.getByTestId("employee-card")).toContainText("Jonathan Park", { timeout: 20_000 });
    // Only a connected screen hears the change: a change made before it would be missed.
    await expect(other.getByTestId("connection-status")).toHaveAttribute("data-status", "live", {
      timeout: 20_000,
    });
    await api(page, "PUT", `/api/employees/${employee.id}`, { name: "J. Park" });
    // The event, then the list's refetch: seconds on a 2-core machine running two browsers.
    await expect(other.getByTestId("employee-card")).toContainText("J. Park", { timeout: 20_000 });
    await context.close();
  });
});
