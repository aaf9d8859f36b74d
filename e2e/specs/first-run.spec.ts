import type { Locator, Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { addEmployee, api, expect, isPhone, PASSWORD, test, uniqueEmail } from "../fixtures";
import { chooseOption } from "../selects";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const THURSDAY = "2031-03-06";

const toasts = (page: Page) => page.locator(".ant-notification-notice");
const step = (page: Page, key: string) => page.getByTestId(`first-run-${key}`);

/** The board with its data on screen (a fresh browser's first load can be slow). */
async function openBoard(page: Page, url = "/schedule") {
  await page.goto(url);
  await expect(page.getByRole("tablist", { name: "Schedule views" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("schedule-loading")).toHaveCount(0, { timeout: 30_000 });
}

/** Boxes that share any pixel. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return !(
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y
  );
}

test.describe("a guided first run", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a new owner's checklist ticks each step, and Add Job asks for an employee first", async ({
    page,
  }) => {
    await page.goto("/register");
    await page.getByLabel("First name").fill("Nina");
    await page.getByLabel("Last name").fill("New");
    await page.getByLabel("Company name").fill("New Pipes");
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await page.getByLabel("Email").fill(uniqueEmail("first-run"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/schedule$/, { timeout: 30_000 });

    const checklist = page.getByTestId("first-run");
    await expect(checklist).toBeVisible({ timeout: 30_000 });
    await expect(step(page, "team")).toHaveAttribute("data-done", "false");
    await expect(step(page, "job")).toHaveAttribute("data-done", "false");
    await expect(step(page, "invite")).toHaveAttribute("data-done", "false");
    // At phone width the owner is already in the phone view.
    await expect(step(page, "phone")).toHaveAttribute("data-done", String(isPhone(page)));
    const companyId = await page.evaluate(() => window.localStorage.getItem("selectedCompanyId"));
    if (!companyId) throw new Error("no company selected");

    // Add Job with nobody on the roster says what to do first, and leads there.
    await page.getByRole("button", { name: "Add Job" }).click();
    const jobDialog = page.getByRole("dialog", { name: "Add Job" });
    await expect(jobDialog.getByTestId("add-employee-first")).toContainText("Add an employee first");
    await jobDialog.getByRole("link", { name: "Add Employee" }).click();
    await expect(page).toHaveURL(/\/employees\?add=1$/);
    const employeeDialog = page.getByRole("dialog", { name: "Add Employee" });
    await expect(employeeDialog).toBeVisible();

    // A validation error shows once: inline, with no toast repeating it.
    await employeeDialog.getByTestId("employee-form-submit").click();
    await expect(employeeDialog.getByText("Name is required")).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
    await employeeDialog.getByRole("button", { name: "Cancel" }).click();

    // Blue is taken: the next employee starts from another colour, and the name fills the initials.
    await addEmployee(page, companyId, "Bea Blue", "blue");
    await page.goto("/employees");
    await expect(page.getByTestId("employee-card")).toHaveCount(1, { timeout: 20_000 });
    await page.getByRole("button", { name: "Add Employee" }).click();
    await expect(employeeDialog.getByRole("radio", { name: "Green" })).toBeChecked();
    await employeeDialog.getByLabel("Full Name").fill("Maria Chen");
    await expect(employeeDialog.getByLabel("Initials")).toHaveValue("MC");
    // Initials the user typed stay theirs.
    await employeeDialog.getByLabel("Initials").fill("MX");
    await employeeDialog.getByLabel("Full Name").fill("Maria Chenko");
    await expect(employeeDialog.getByLabel("Initials")).toHaveValue("MX");
    await employeeDialog.getByTestId("employee-form-submit").click();
    await expect(page.getByText("Employee has been added")).toBeVisible();
    // The toast hides none of the header's buttons.
    const alwaysOnScreen = [page.getByRole("link", { name: "Team Chat" }), page.getByTestId("logout-button")];
    if (!isPhone(page)) alwaysOnScreen.push(page.getByTestId("desktop-nav"));
    for (const button of alwaysOnScreen) {
      await expect(button).toBeVisible();
      // Polled: the toast slides in from above before it settles.
      await expect.poll(() => overlaps(toasts(page).first(), button)).toBe(false);
    }

    await openBoard(page);
    await expect(step(page, "team")).toHaveAttribute("data-done", "true");

    // The job step opens Add Job.
    await step(page, "job").getByRole("button", { name: "Add a job" }).click();
    await expect(jobDialog.getByTestId("add-employee-first")).toHaveCount(0);
    await chooseOption(page, jobDialog, "Employee", "Maria Chenko");
    await chooseOption(page, jobDialog, "Job type", "Repair");
    await jobDialog.getByLabel("Location").fill("4 First Run Rd");
    await jobDialog.getByRole("button", { name: "Add Job" }).click();
    await expect(jobDialog).toBeHidden();
    await expect(step(page, "job")).toHaveAttribute("data-done", "true");

    await api(page, "POST", `/api/companies/${companyId}/invitations`, {
      email: uniqueEmail("tech"),
      role: "employee",
    });
    await openBoard(page);
    if (!isPhone(page)) {
      await expect(step(page, "invite")).toHaveAttribute("data-done", "true");
      await expect(step(page, "phone")).toHaveAttribute("data-done", "false");
      await step(page, "phone").getByRole("link", { name: "Open the phone view" }).click();
      await expect(page).toHaveURL(/\/my-day$/);
      await expect(page.getByRole("heading", { name: "My Day" })).toBeVisible();
      await openBoard(page);
    }
    // Every step done (on a phone, the invitation was the last): the checklist leaves.
    await expect(checklist).toHaveCount(0);
  });

  test("the checklist can be dismissed, and stays dismissed", async ({ page, owner }) => {
    expect(owner.companyId).toBeTruthy();
    await openBoard(page);
    await expect(page.getByTestId("first-run")).toBeVisible();
    await page.getByRole("button", { name: "Dismiss the checklist" }).click();
    await expect(page.getByTestId("first-run")).toHaveCount(0);
    await openBoard(page);
    await expect(page.getByRole("heading", { name: "Weekly Schedule" })).toBeVisible();
    await expect(page.getByTestId("first-run")).toHaveCount(0);
  });

  test("moving a job shows one toast, with Undo", async ({ page, owner }) => {
    test.skip(isPhone(page), "drag and drop is for the mouse");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia", "blue");
    const maria = await addEmployee(page, owner.companyId, "Maria Chen", "green");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Repair",
      location: "9 Toast Ln",
      date: WEDNESDAY,
      time: "09:00",
    });
    await openBoard(page, `/schedule?week=${MONDAY}`);
    const target = page.getByTestId(`cell-${maria.id}-${THURSDAY}`);
    // The board refetches once the move is saved: by then every toast of the move is up.
    const refetched = page.waitForResponse(
      (res) => res.request().method() === "GET" && res.url().includes("/api/jobs?"),
    );
    await page.getByTestId(`cell-${luis.id}-${WEDNESDAY}`).getByTestId("job-card").dragTo(target);
    await refetched;
    await expect(toasts(page).filter({ hasText: "Job moved" })).toBeVisible();
    await expect(toasts(page).getByTestId("undo-move")).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
  });

  test("the print view includes the job's description", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia", "blue");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Repair",
      location: "3 Paper St",
      description: "Replace the kitchen tap washer",
      date: WEDNESDAY,
      time: "09:00",
    });
    await openBoard(page, `/schedule?week=${MONDAY}`);
    const popup = page.waitForEvent("popup");
    await page.getByTestId("action-print").click();
    const printWindow = await popup;
    await expect(printWindow.getByText("3 Paper St")).toBeVisible();
    await expect(printWindow.getByText("Replace the kitchen tap washer")).toBeVisible();
    await printWindow.close();
  });

  test("/admin-setup says when setup is disabled on the server, and how to enable it", async ({ page }) => {
    // This e2e server has a setup password: the form shows.
    await page.goto("/admin-setup");
    await expect(page.getByRole("button", { name: "Make Admin" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");

    // A server without one (its answer stubbed here; the server side is tested in server/test/admin-setup.test.ts).
    await page.route("**/api/admin-setup", (route) => route.fulfill({ json: { enabled: false } }));
    await page.reload();
    const disabled = page.getByTestId("admin-setup-disabled");
    await expect(disabled).toContainText("Admin setup is disabled on this server");
    await expect(disabled).toContainText("ADMIN_SETUP_PASSWORD");
    await expect(page.getByRole("button", { name: "Make Admin" })).toHaveCount(0);
  });
});
